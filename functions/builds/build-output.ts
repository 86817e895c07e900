import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * The build folders beside the live one (contract section 8): `<dist>.next`
 * is where a deploy builds, `<dist>.previous` the build that was live before
 * the last swap, `<dist>.deploy.lock` names the one deploy allowed at a time.
 */
export function buildFolders(live: string): { live: string; next: string; previous: string; lock: string } {
  return { live, next: `${live}.next`, previous: `${live}.previous`, lock: `${live}.deploy.lock` };
}

/** A build has both files the server opens first: anything less is not served. */
export async function isCompleteBuild(dir: string): Promise<boolean> {
  return (await exists(join(dir, 'build.json'))) && (await exists(join(dir, 'client', 'reviews.json')));
}

/**
 * Replaces the live build with `next` by two renames: the live one becomes
 * `previous`, `next` takes its name. The server serves from memory and reads
 * the build only at start-up and on a reload, which come after both renames.
 * A process killed between the two leaves no live folder but a complete
 * `next`: `completeInterruptedSwap` (run by `npm start` and by the next
 * deploy) finishes it.
 */
export async function swapIn(live: string): Promise<void> {
  const { next, previous } = buildFolders(live);
  if (await exists(live)) {
    await rm(previous, { recursive: true, force: true });
    await rename(live, previous);
  }
  await rename(next, live);
}

/**
 * After a deploy killed in the middle of its swap: no live build, but a
 * complete `next` (the swap is finished: `previous` already holds the build
 * that was live) or, failing that, a `previous` (put back). Returns what it
 * did, or undefined when there was nothing to do.
 */
export async function completeInterruptedSwap(live: string): Promise<string | undefined> {
  if (await exists(live)) return undefined;
  const { next, previous } = buildFolders(live);
  if (await isCompleteBuild(next)) {
    await rename(next, live);
    return `${live} was missing (a deploy stopped in the middle of its swap): finished the swap, ${next} is live`;
  }
  if (await isCompleteBuild(previous)) {
    await rename(previous, live);
    return `${live} was missing (a deploy stopped in the middle of its swap): put back ${previous}`;
  }
  return undefined;
}

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

export class DeployLockedError extends Error {
  override name = 'DeployLockedError';
  readonly holder: LockHolder;
  constructor(lock: string, holder: LockHolder) {
    super(
      `another deploy is running: pid ${holder.pid} on ${holder.host}, since ${holder.startedAt} (${lock}); wait for it to finish, or stop that process`,
    );
    this.holder = holder;
  }
}

/**
 * Takes `<dist>.deploy.lock` for this process (created exclusively, so two
 * deploys cannot both take it), or throws `DeployLockedError` naming the
 * holder. A lock whose holder is gone (a deploy killed with SIGKILL) is
 * stale: it is taken over, and `onStale` says so. Returns the release.
 */
export function acquireDeployLock(live: string, onStale: (holder: LockHolder) => void): () => void {
  const { lock } = buildFolders(live);
  const mine: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, JSON.stringify(mine) + '\n');
      closeSync(fd);
      return () => {
        // Only ever our own lock: a stale takeover by another process must not be undone.
        if (readHolder(lock)?.pid === mine.pid) rmSync(lock, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lock);
    if (holder && (holder.host !== mine.host || isAlive(holder.pid))) throw new DeployLockedError(lock, holder);
    // A file with no holder in it is one being written this instant, or one a crash cut short long ago.
    if (!holder && Date.now() - mtimeMs(lock) < 10_000) throw new DeployLockedError(lock, { pid: 0, host: '?', startedAt: 'a moment ago' });
    // The holder is gone: take it over.
    if (holder) onStale(holder);
    rmSync(lock, { force: true });
  }
  throw new Error(`cannot take ${lock}: it keeps reappearing; another deploy is starting`);
}

function readHolder(lock: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lock, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, host: String(parsed.host), startedAt: String(parsed.startedAt) } : undefined;
  } catch {
    return undefined;
  }
}

function mtimeMs(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
