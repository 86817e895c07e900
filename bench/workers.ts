import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareSize, type BenchSize } from './dataset.ts';
import { combine, ensureWrk, load, median, type LoadRequest, type LoadResult } from './load.ts';
import { searchMix, sinceMix } from './mix.ts';
import { cpuSeconds } from './processes.ts';
import { nodeEnv, nodeFlags } from '../functions/process/node-flags.ts';
import { readFileSync } from 'node:fs';
import { freePort } from '../test/support/free-port.ts';

/**
 * `node bench/workers.ts`: search and since throughput of `npm start` with
 * WEB_CONCURRENCY=1 and =2 (the real entry point, functions/process/start.ts, as a
 * read process), in one run, in alternating one-second turns so both see the
 * same machine. Target: 2 workers at least 1.6 times one, on two cores.
 * Neither server is pinned to a CPU here (the point is to use both); wrk
 * shares the cores with them, so on two cores the figure is a floor.
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    size: { type: 'string', default: 'sample' },
  },
});
const ROOT = resolve(import.meta.dirname, '..');
const TARGET = 1.6;
const SIZES: Record<string, BenchSize> = {
  sample: { name: 'sample', contentDir: 'content' },
  '10k': { name: '10k', contentDir: 'bench/content-10k', generate: { count: 10_000, seed: 42 } },
};
const size = SIZES[values.size];
if (!size) throw new Error(`--size is sample or 10k, not ${values.size}`);

interface Running {
  url: string;
  child: ChildProcess;
}

async function startService(workers: number, distDir: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags(), 'functions/process/start.ts'], {
    cwd: ROOT,
    env: {
      ...nodeEnv(),
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DIST_DIR: distDir,
      SERVICE_ROLE: 'read',
      WEB_CONCURRENCY: String(workers),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Verified Reviews Service listening')) ready();
    });
    child.once('exit', (code) => fail(new Error(`the service (${workers} workers) exited (${code}) before listening:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** CPU seconds used so far by the service: its primary and every worker (children from /proc, Linux). */
function treeCpuSeconds(running: Running): number {
  const pid = running.child.pid as number;
  const children = (() => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  })();
  return [pid, ...children].reduce((sum, p) => sum + (cpuSeconds(p) ?? 0), 0);
}

/** One turn, with the service's CPU per answer (steadier than req/s on a shared machine). */
async function turn(running: Running, requests: LoadRequest[]): Promise<LoadResult> {
  const before = treeCpuSeconds(running);
  const result = await load(running.url, requests, options);
  return { ...result, cpuMicrosPerRequest: ((treeCpuSeconds(running) - before) * 1e6) / Math.max(1, result.total) };
}

function stop(running: Running): Promise<void> {
  return new Promise((done) => {
    if (running.child.exitCode !== null) return done();
    running.child.removeAllListeners('exit');
    running.child.once('exit', () => done());
    running.child.kill('SIGTERM');
    setTimeout(() => running.child.kill('SIGKILL'), 10_000).unref();
  });
}

ensureWrk();
const prepared = await prepareSize(size, ROOT);
const cases = { search: searchMix(prepared.dataset).paths, since: sinceMix(prepared.dataset).paths };
const one = await startService(1, prepared.distDir);
const two = await startService(2, prepared.distDir);
const options = { connections: Number(values.connections), seconds: 1 };
const rounds = Math.max(1, Math.round(Number(values.seconds)));
const results: { case: string; one: LoadResult; two: LoadResult; ratio: number; pass: boolean }[] = [];
try {
  for (const [name, paths] of Object.entries(cases)) {
    const requests = paths.map((path) => ({ method: 'GET' as const, path }));
    // Warm both up (the compiler, the caches), then alternate one-second turns.
    await load(one.url, requests, { ...options, seconds: 2 });
    await load(two.url, requests, { ...options, seconds: 2 });
    const turns: { one: LoadResult; two: LoadResult }[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const first = round % 2 === 0 ? one : two;
      const a = await turn(first, requests);
      const b = await turn(first === one ? two : one, requests);
      turns.push(first === one ? { one: a, two: b } : { one: b, two: a });
    }
    const ratio = median(turns.map((t) => t.two.requestsPerSecond / t.one.requestsPerSecond));
    const row = { case: name, one: combine(turns.map((t) => t.one)), two: combine(turns.map((t) => t.two)), ratio, pass: ratio >= TARGET };
    const cpuOne = row.one.cpuMicrosPerRequest ?? 0;
    const cpuTwo = row.two.cpuMicrosPerRequest ?? 0;
    results.push(row);
    console.log(
      `[${size.name}] ${name}: 1 worker ${row.one.requestsPerSecond.toFixed(0)} req/s, 2 workers ${row.two.requestsPerSecond.toFixed(0)} req/s, ratio ${ratio.toFixed(2)} (target ≥ ${TARGET}) ${row.pass ? 'PASS' : 'FAIL'}; CPU per answer ${cpuOne.toFixed(0)} µs and ${cpuTwo.toFixed(0)} µs (${(cpuTwo / cpuOne).toFixed(2)}×); errors ${row.one.errors + row.two.errors}, 4xx/5xx ${row.one.badStatus + row.two.badStatus}`,
    );
  }
} finally {
  await stop(one);
  await stop(two);
}
const [load1] = loadavg();
console.log(`${availableParallelism()} cores; load average ${load1?.toFixed(1)} at the end (other processes share the machine)`);
await mkdir(join(ROOT, '.bench'), { recursive: true });
await writeFile(
  join(ROOT, '.bench', 'workers.json'),
  JSON.stringify({ size: size.name, cores: availableParallelism(), load: load1, results }, null, 2) + '\n',
);
process.exitCode = results.every((r) => r.pass && r.one.errors + r.two.errors === 0) ? 0 : 1;
