import { readFileSync } from 'node:fs';

/**
 * Calls `gone` once the process that started this one has gone: `npm start`
 * killed with SIGKILL cannot pass a signal on, and the server would keep the
 * port. npm runs a script through `sh -c`, which stays between npm and this
 * process, so the watch covers the parent and, when the parent is that shell,
 * its own parent (npm): either one dying changes the ppid of its child (the
 * orphan is adopted), which is what is looked at (a dead npm may stay a
 * zombie, which signal 0 would still find).
 */
export function watchParent(gone: () => void, intervalMs = 1_000): void {
  const parent = process.ppid;
  const grandparent = shellParent(parent);
  const timer = setInterval(() => {
    if (process.ppid !== parent || (grandparent !== undefined && parentOf(parent) !== grandparent)) {
      clearInterval(timer);
      gone();
    }
  }, intervalMs);
  timer.unref();
}

/** The parent of `pid` when `pid` is a shell (Linux's /proc; elsewhere only the parent is watched). */
function shellParent(pid: number): number | undefined {
  const stat = readStat(pid);
  if (!stat || !/^(sh|bash|dash|zsh)$/.test(stat.comm) || stat.ppid <= 1) return undefined;
  return stat.ppid;
}

function parentOf(pid: number): number | undefined {
  return readStat(pid)?.ppid;
}

function readStat(pid: number): { comm: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces, so read around its closing parenthesis.
    const close = stat.lastIndexOf(')');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(stat.slice(close + 2).split(' ')[1]) };
  } catch {
    return undefined;
  }
}
