import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { nodeEnv } from '../functions/process/node-flags.ts';

export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a server entry (`bench/serve-*.ts`) with the given Node flags and
 * waits for the JSON line with its URL.
 */
export function startServerProcess(
  script: string,
  args: readonly string[],
  cwd: string,
  nodeFlags: readonly string[] = [],
  /** A command the server runs under, e.g. `taskset -c 0` (it must exec, so the pid stays the server's). */
  prefix: readonly string[] = [],
): Promise<ServerProcess> {
  const [command, ...rest] = [...prefix, process.execPath, ...nodeFlags, script, ...args] as [string, ...string[]];
  const child = spawn(command, rest, { cwd, env: { ...process.env, ...nodeEnv() }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited (code ${code}) before listening`)));
    lines.once('line', (line) => {
      const { url } = JSON.parse(line) as { url: string };
      resolve({ url, pid: child.pid as number, stop: () => stop(child) });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function residentMegabytes(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used so far, in seconds, from /proc (Linux). */
export function cpuSeconds(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** USER_HZ: 100 on every Linux the project targets (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;
