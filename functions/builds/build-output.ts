import { constants, copyFileSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isAlive } from './server-record.ts';

/**
 * The build folders beside the live one (docs/operations.md): `<dist>.next`
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
 * Undoes `swapIn` when the running server could not be told of the new build:
 * `previous` is live again (the build the server serves from memory) and the
 * new one goes back to `next`, to be thrown away.
 */
export async function swapBack(live: string): Promise<void> {
  const { next, previous } = buildFolders(live);
  if (!(await exists(previous))) return;
  await rm(next, { recursive: true, force: true });
  await rename(live, next);
  await rename(previous, live);
  await rm(next, { recursive: true, force: true });
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
 * Takes `<dist>.deploy.lock` for this process, or throws `DeployLockedError`
 * naming the holder. The lock is written whole or not at all: its content goes
 * to a temporary file first, which is then hard-linked to the lock's name (an
 * exclusive create, so two deploys cannot both take it); a full disk fails
 * the temporary file's write and leaves no lock behind. A lock whose holder is
 * gone (a deploy killed with SIGKILL), or that names none (left by an older
 * version), is stale: it is taken over, and `onStale` says so. Returns the
 * release.
 */
export function acquireDeployLock(live: string, onStale: (holder: LockHolder | undefined) => void): () => void {
  const { lock } = buildFolders(live);
  const mine: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const temp = `${lock}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(mine) + '\n');
  } catch (error) {
    rmSync(temp, { force: true });
    // A failed write() names no file; the owner is told which.
    (error as NodeJS.ErrnoException).path ??= temp;
    throw error;
  }
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (takeLock(temp, lock)) {
        return () => {
          // Only ever our own lock: a stale takeover by another process must not be undone.
          if (readHolder(lock)?.pid === mine.pid) rmSync(lock, { force: true });
        };
      }
      const holder = readHolder(lock);
      if (holder && (holder.host !== mine.host || isAlive(holder.pid))) throw new DeployLockedError(lock, holder);
      onStale(holder);
      rmSync(lock, { force: true });
    }
  } finally {
    rmSync(temp, { force: true });
  }
  throw new Error(`cannot take ${lock}: it keeps reappearing; another deploy is starting`);
}

/** What a command prints as it takes over a stale lock. */
export function staleLockLine(holder: LockHolder | undefined): string {
  return holder
    ? `taking over the lock of pid ${holder.pid}, which is gone`
    : 'taking over a lock file that names no deploy (left by a crash or an older version)';
}

/** Links the whole temporary file to the lock's name; false when a lock is there already. */
function takeLock(temp: string, lock: string): boolean {
  try {
    linkSync(temp, lock);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links (some network and FAT mounts): an exclusive create, then the copy.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    try {
      copyFileSync(temp, lock, constants.COPYFILE_EXCL);
      return true;
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw copyError;
    }
  }
}

function readHolder(lock: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lock, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, host: String(parsed.host), startedAt: String(parsed.startedAt) } : undefined;
  } catch {
    return undefined;
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
