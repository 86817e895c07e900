import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export interface LoadRequest {
  method: 'GET';
  path: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  /** Answers with a status of 400 or more. */
  badStatus: number;
  /** Connect, read and write errors, and timeouts. */
  errors: number;
  /** Server CPU time per answer, in microseconds, when known: steadier than req/s on a shared machine. */
  cpuMicrosPerRequest?: number | undefined;
}

const SCRIPT = resolve(import.meta.dirname, 'wrk-mix.lua');
const POST_SCRIPT = resolve(import.meta.dirname, 'wrk-post.lua');
const run = promisify(execFile);

/**
 * The load generator is wrk: written in C, it needs a fraction of the CPU a
 * Node load generator does, so on a small machine the server, not the
 * client, is what gets measured. On two cores or more, the servers run on
 * CPU 0 (see `serverCpuPrefix`) and wrk on CPU 1, so they never compete.
 */
export function ensureWrk(): void {
  if (spawnSync('wrk', ['--version']).error === undefined) return;
  const root = process.getuid?.() === 0;
  if (root && spawnSync('apt-get', ['--version']).error === undefined) {
    console.log('installing wrk (Debian package) for the benchmark…');
    const installed = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'wrk'], { stdio: 'inherit' });
    if (installed.status === 0) return;
  }
  throw new Error('npm run bench needs wrk on the PATH (Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk)');
}

const PINNED = availableParallelism() >= 2 && spawnSync('taskset', ['--version']).error === undefined;

/** Command prefix that keeps a server on CPU 0, or nothing where that cannot be done. */
export function serverCpuPrefix(): string[] {
  return PINNED ? ['taskset', '-c', '0'] : [];
}

/** Drives `base` with `connections` keep-alive connections over `requests`, in rotation, for whole `seconds`. */
export async function load(
  base: string,
  requests: readonly LoadRequest[],
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const lines = requests.map((r) => [r.path, ...Object.entries(r.headers ?? {}).map(([k, v]) => `${k}: ${v}`)].join('\t'));
  return runWrk(SCRIPT, base, lines, [], options);
}

/** The same for POSTs of JSON `bodies` (one line each) to `url`, in rotation, with the same extra `headers` on each. */
export function loadPosts(
  url: string,
  bodies: readonly string[],
  headers: Record<string, string>,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  return runWrk(
    POST_SCRIPT,
    url,
    bodies,
    Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    options,
  );
}

async function runWrk(
  script: string,
  url: string,
  lines: readonly string[],
  extra: readonly string[],
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-'));
  try {
    const file = join(dir, 'requests.txt');
    await writeFile(file, lines.join('\n') + '\n');
    const seconds = Math.max(1, Math.round(options.seconds));
    const args = ['-t1', `-c${options.connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url, '--', file, ...extra];
    const [command, ...rest] = PINNED ? ['taskset', '-c', '1', 'wrk', ...args] : ['wrk', ...args];
    const { stdout } = await run(command as string, rest, { maxBuffer: 1 << 20 });
    const summary = JSON.parse(stdout.trim().split('\n').at(-1) as string) as WrkSummary;
    return {
      requestsPerSecond: summary.requests / (summary.duration_us / 1e6),
      p50Ms: summary.p50_us / 1000,
      p99Ms: summary.p99_us / 1000,
      total: summary.requests,
      badStatus: summary.bad_status,
      errors: summary.socket_errors + summary.timeouts,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface WrkSummary {
  requests: number;
  duration_us: number;
  p50_us: number;
  p99_us: number;
  bad_status: number;
  socket_errors: number;
  timeouts: number;
}

/** One figure from several turns of a case: medians of the rates and latencies, totals of the counts, CPU per request over all of them. */
export function combine(turns: readonly LoadResult[]): LoadResult {
  return {
    requestsPerSecond: median(turns.map((t) => t.requestsPerSecond)),
    p50Ms: median(turns.map((t) => t.p50Ms)),
    p99Ms: median(turns.map((t) => t.p99Ms)),
    total: turns.reduce((sum, t) => sum + t.total, 0),
    badStatus: turns.reduce((sum, t) => sum + t.badStatus, 0),
    errors: turns.reduce((sum, t) => sum + t.errors, 0),
    cpuMicrosPerRequest: turns.every((t) => t.cpuMicrosPerRequest !== undefined)
      ? turns.reduce((sum, t) => sum + (t.cpuMicrosPerRequest as number) * t.total, 0) / turns.reduce((sum, t) => sum + t.total, 0)
      : undefined,
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
