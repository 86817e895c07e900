import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The import was stopped by a signal before its files were in place; the message is the signal's name. */
export class ImportStopped extends Error {
  override name = 'ImportStopped';
}

/** `.2025-05-01-ana-r.md.4242.importing`: the writing process's id in the name, so no import ever trips over another's file. */
const TEMP = /^\.(.+\.md)(?:\.(\d+))?\.importing$/;

/**
 * All or nothing: every file is written under a temporary name first, then
 * each is renamed into place. Anything that stops the writing (a signal via
 * `signal`, a full disk, any error) removes every temporary file this run
 * made, the one whose write failed included, and nothing reaches
 * `content/reviews/`. Temporary files left by an import killed outright
 * (SIGKILL, a power cut) are removed by the next one.
 */
export async function writeReviewFiles(dir: string, files: { name: string; text: string }[], signal: AbortSignal): Promise<void> {
  await mkdir(dir, { recursive: true });
  await removeLeftovers(dir);
  const staged: string[] = [];
  try {
    for (const file of files) {
      signal.throwIfAborted();
      const temp = join(dir, `.${file.name}.${process.pid}.importing`);
      // Recorded before the write: a write that fails half-way still leaves a file to remove.
      staged.push(temp);
      await writeFile(temp, file.text, { flag: 'w' });
    }
    signal.throwIfAborted();
  } catch (error) {
    await Promise.all(staged.map((temp) => rm(temp, { force: true })));
    // A failed write() names no file; the owner is told which.
    if (error instanceof Error && 'code' in error) (error as NodeJS.ErrnoException).path ??= staged.at(-1);
    throw error;
  }
  for (const [i, file] of files.entries()) await rename(staged[i]!, join(dir, file.name));
}

/** Temporary files of imports that are no longer running (killed, or from before this naming), removed. */
async function removeLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir);
  await Promise.all(
    names.map(async (name) => {
      const match = TEMP.exec(name);
      if (!match) return;
      const pid = match[2] === undefined ? undefined : Number(match[2]);
      if (pid !== undefined && pid !== process.pid && isAlive(pid)) return;
      await rm(join(dir, name), { force: true });
    }),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
