import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareSize, type BenchSize } from './dataset.ts';
import { combine, ensureWrk, load, median, serverCpuPrefix, type LoadRequest, type LoadResult } from './load.ts';
import { searchMix, sinceMix } from './mix.ts';
import { cpuSeconds, residentMegabytes, startServerProcess, type ServerProcess } from './processes.ts';
import { nodeFlags } from '../functions/process/node-flags.ts';
import { recordResponses, saveResponses } from './responses.ts';

/**
 * `npm run bench`: our server against bare `node:http` serving the same bytes,
 * for the sample business and 10,000 generated reviews. One server works at a
 * time, on CPU 0; wrk drives it from CPU 1 (see load.ts).
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '12' },
    connections: { type: 'string', default: '32' },
    sizes: { type: 'string', default: 'sample,10k' },
    processes: { type: 'string', default: '3' },
  },
});
const ROOT = resolve(import.meta.dirname, '..');
const SECONDS = Number(values.seconds);
/**
 * Server processes of each kind, one pair after another. One process of the
 * same code can run 15% slower than another for its whole life (where its
 * memory landed, what the compiler saw first): the turns are shared among
 * several, so no single draw decides a figure.
 */
const PROCESSES = Math.max(1, Number(values.processes));
const CONNECTIONS = Number(values.connections);
const SIZES: BenchSize[] = [
  { name: 'sample', contentDir: 'content' },
  { name: '10k', contentDir: 'bench/content-10k', generate: { count: 10_000, seed: 42 } },
].filter((s) => values.sizes.split(',').includes(s.name));

const NODE_FLAGS = nodeFlags();
/** One-second turns (wrk's shortest): the closer in time the two halves of a pair, the more of the machine's drift they share. */
const ROUNDS = Math.max(1, Math.round(SECONDS));
const WARM_UP_SECONDS = 2;
/** Issue 31's floors, each against the bare server in the same run. */
const TARGETS = { search: 0.8, since: 0.9, 'since 304': 0.95 } as const;
type CaseName = keyof typeof TARGETS;
/** Each case's p99 within this many times the bare server's, in the same run (issue 31). */
const P99_OF_BASELINE = 2;
const RSS_TARGET_MB = 150;

interface CaseResult {
  size: string;
  case: CaseName;
  distinctUrls: number;
  /** Mean body size over the case's rotation, from the recorded answers: what each answer costs to move. */
  meanBodyBytes: number;
  ours: LoadResult;
  baseline: LoadResult;
  /** Median over the rounds of ours/baseline, each pair measured back to back. */
  ratio: number;
  target: number;
  pass: boolean;
  problems: string[];
}

const results: CaseResult[] = [];
const memory: { size: string; reviews: number; rssMb: number | undefined; pass: boolean | undefined }[] = [];

ensureWrk();
for (const size of SIZES) {
  const started = Date.now();
  const prepared = await prepareSize(size, ROOT);
  const reviews = prepared.dataset.reviews.length;
  console.log(
    `[${size.name}] ${reviews} reviews, ${prepared.rebuilt ? 'built' : 'reused the build'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const search = searchMix(prepared.dataset);
  const since = sinceMix(prepared.dataset);

  const startOurs = () => startServerProcess('bench/serve-ours.ts', ['--dist', prepared.distDir], ROOT, NODE_FLAGS, serverCpuPrefix());
  let ours: ServerProcess | undefined = await startOurs();
  const recorded = await recordResponses(ours.url, [...search.paths, ...since.paths]);
  const responsesFile = join(ROOT, '.bench', size.name, 'responses.json');
  await saveResponses(responsesFile, recorded);
  const etags = new Map(recorded.map((r) => [r.path, r.headers.etag ?? '']));
  const bodyBytes = new Map(recorded.map((r) => [r.path, r.body.reduce((sum, part) => sum + part.length, 0)]));
  const cases: Record<CaseName, { requests: LoadRequest[]; distinct: number; status: string; meanBodyBytes: number }> = {
    search: {
      requests: search.paths.map((path) => ({ method: 'GET', path })),
      distinct: search.distinct,
      status: '200',
      meanBodyBytes: meanOf(search.paths, bodyBytes),
    },
    since: {
      requests: since.paths.map((path) => ({ method: 'GET', path })),
      distinct: since.distinct,
      status: '200',
      meanBodyBytes: meanOf(since.paths, bodyBytes),
    },
    'since 304': {
      requests: since.paths.map((path) => ({ method: 'GET', path, headers: { 'if-none-match': etags.get(path) ?? '' } })),
      distinct: since.distinct,
      status: '304',
      meanBodyBytes: 0,
    },
  };

  // One pair of processes at a time (idle ones would still take CPU 0 for their timers and collections);
  // the baseline waits idle while ours is loaded and the other way round: only one server works at a time.
  const turns = emptyTurns();
  const statusChecks = emptyProblems();
  let rssMb = 0;
  for (let block = 0; block < PROCESSES; block += 1) {
    ours ??= await startOurs();
    const baseline = await startServerProcess(
      'bench/serve-baseline.ts',
      ['--responses', responsesFile],
      ROOT,
      NODE_FLAGS,
      serverCpuPrefix(),
    );
    // wrk only tells a bad status (400+) from a good one: each distinct request is checked once beforehand
    // (on the first pair: the others run the same code on the same files).
    if (block === 0) {
      for (const name of Object.keys(cases) as CaseName[]) {
        statusChecks[name].push(
          ...(await wrongStatuses('ours', ours.url, cases[name])),
          ...(await wrongStatuses('baseline', baseline.url, cases[name])),
        );
      }
    }
    await warmUp([ours, baseline], Object.values(cases));
    await runTurns(ours, baseline, cases, roundsOfBlock(block), turns);
    // The largest of our processes: the target is a bound.
    rssMb = Math.max(rssMb, residentMegabytes(ours.pid) ?? Number.NaN);
    await Promise.all([ours.stop(), baseline.stop()]);
    ours = undefined;
  }

  memory.push({ size: size.name, reviews, rssMb, pass: size.name === '10k' ? rssMb < RSS_TARGET_MB : undefined });
  for (const name of Object.keys(cases) as CaseName[]) {
    const o = combine(turns[name].ours);
    const b = combine(turns[name].baseline);
    // Pairs run back to back see the same machine: their ratio cancels most of its drift.
    const ratio = median(turns[name].ours.map((t, i) => t.requestsPerSecond / (turns[name].baseline[i] as LoadResult).requestsPerSecond));
    const problems = [
      ...statusChecks[name].slice(0, 3),
      ...loadProblems('ours', o),
      ...loadProblems('baseline', b),
      ...(ratio < TARGETS[name] ? [`ratio below ${pct(TARGETS[name])}`] : []),
      ...(o.p99Ms > P99_OF_BASELINE * b.p99Ms ? [`p99 ${ms(o.p99Ms)} > ${P99_OF_BASELINE} × the baseline's ${ms(b.p99Ms)}`] : []),
    ];
    results.push({
      size: size.name,
      case: name,
      distinctUrls: cases[name].distinct,
      meanBodyBytes: cases[name].meanBodyBytes,
      ours: o,
      baseline: b,
      ratio,
      target: TARGETS[name],
      pass: problems.length === 0,
      problems,
    });
  }
}

printTable();
await mkdir(join(ROOT, '.bench'), { recursive: true });
await writeFile(
  join(ROOT, '.bench/results.json'),
  JSON.stringify(
    { node: process.version, cpus: availableParallelism(), seconds: SECONDS, connections: CONNECTIONS, cases: results, memory },
    null,
    2,
  ) + '\n',
);
console.log('\nresults written to .bench/results.json');
process.exitCode = results.every((r) => r.pass) && memory.every((m) => m.pass !== false) ? 0 : 1;

type Turns = Record<CaseName, Record<'ours' | 'baseline', LoadResult[]>>;

function emptyTurns(): Turns {
  return perCase(() => ({ ours: [], baseline: [] }));
}

function emptyProblems(): Record<CaseName, string[]> {
  return perCase(() => []);
}

function perCase<T>(make: () => T): Record<CaseName, T> {
  return Object.fromEntries((Object.keys(TARGETS) as CaseName[]).map((name) => [name, make()])) as Record<CaseName, T>;
}

/** Rounds of the ROUNDS a block of processes runs: as even a share as can be. */
function roundsOfBlock(block: number): number {
  return Math.floor(ROUNDS / PROCESSES) + (block < ROUNDS % PROCESSES ? 1 : 0);
}

/**
 * A fresh process runs slowly for its first seconds of load, whatever it serves: both servers'
 * first second had a p99 of 40–90 ms, the next few 3–20 ms, while the compiler tiered the code up
 * and the heap grew to its working size. The target is about a running server, so each pair
 * first runs every case's mix, unmeasured; `runTurns` then warms each case again on its own.
 */
async function warmUp(servers: readonly ServerProcess[], mixes: readonly { requests: LoadRequest[] }[]): Promise<void> {
  for (const { requests } of mixes)
    for (const server of servers) await load(server.url, requests, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
}

/**
 * Each case runs in short turns of each server in alternation, so that a
 * burst of other work on the machine hits both alike; each figure is the
 * median of the turns, which a single disturbed turn does not move.
 */
async function runTurns(
  ours: ServerProcess,
  baseline: ServerProcess,
  cases: Record<CaseName, { requests: LoadRequest[] }>,
  rounds: number,
  turns: Turns,
): Promise<void> {
  for (const [name, { requests }] of Object.entries(cases) as [CaseName, { requests: LoadRequest[] }][]) {
    // Each case is measured in its steady state: a change of traffic makes the compiler rework the
    // handler (over a hundred optimisations in the next second, on the server's one CPU).
    await warmUp([ours, baseline], [{ requests }]);
    for (let round = 0; round < rounds; round += 1) {
      const order = [
        ['ours', ours],
        ['baseline', baseline],
      ] as const;
      // Who goes first alternates too, so neither always follows the other's load.
      for (const [who, server] of turns[name].ours.length % 2 === 0 ? order : [...order].reverse()) {
        const cpuBefore = cpuSeconds(server.pid);
        const result = await load(server.url, requests, { connections: CONNECTIONS, seconds: SECONDS / ROUNDS });
        const cpuAfter = cpuSeconds(server.pid);
        if (cpuBefore !== undefined && cpuAfter !== undefined && result.total > 0)
          result.cpuMicrosPerRequest = ((cpuAfter - cpuBefore) * 1e6) / result.total;
        turns[name][who].push(result);
      }
    }
  }
}

/** Mean of each path's value, counting a path as often as the rotation holds it. */
function meanOf(paths: readonly string[], values: ReadonlyMap<string, number>): number {
  return paths.length === 0 ? 0 : paths.reduce((sum, path) => sum + (values.get(path) ?? 0), 0) / paths.length;
}

function loadProblems(who: string, result: LoadResult): string[] {
  const problems: string[] = [];
  if (result.badStatus > 0) problems.push(`${who}: ${result.badStatus} answers with status 400 or more`);
  if (result.errors > 0) problems.push(`${who}: ${result.errors} connection errors or timeouts`);
  return problems;
}

/** Each distinct request once, with its headers: any answer whose status is not the expected one. */
async function wrongStatuses(who: string, base: string, c: { requests: LoadRequest[]; status: string }): Promise<string[]> {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const request of c.requests) {
    const key = request.path + JSON.stringify(request.headers ?? {});
    if (seen.has(key)) continue;
    seen.add(key);
    const response = await fetch(base + request.path, { headers: request.headers ?? {} });
    await response.arrayBuffer();
    if (String(response.status) !== c.status) problems.push(`${who}: ${request.path} answered ${response.status}, not ${c.status}`);
  }
  return problems.slice(0, 3);
}

function printTable(): void {
  const header = [
    'size',
    'case',
    'urls',
    'KB/answer',
    'ours req/s',
    'baseline req/s',
    'ratio',
    'target',
    'p99 ours',
    'p99 baseline',
    'CPU/req ours',
    'CPU/req baseline',
    'result',
  ];
  const rows = results.map((r) => [
    r.size,
    r.case,
    String(r.distinctUrls),
    (r.meanBodyBytes / 1024).toFixed(1),
    Math.round(r.ours.requestsPerSecond).toLocaleString('en-US'),
    Math.round(r.baseline.requestsPerSecond).toLocaleString('en-US'),
    pct(r.ratio),
    `≥ ${pct(r.target)}`,
    ms(r.ours.p99Ms),
    ms(r.baseline.p99Ms),
    micros(r.ours.cpuMicrosPerRequest),
    micros(r.baseline.cpuMicrosPerRequest),
    r.pass ? 'PASS' : `FAIL (${r.problems.join('; ')})`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  // Figures right-aligned; the names (size, case) and the verdict (last) left-aligned.
  const isFigure = (i: number) => i >= 2 && i < header.length - 1;
  const line = (cells: string[]) =>
    cells.map((c, i) => (isFigure(i) ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join('  ');
  console.log(
    `\nwrk, ${CONNECTIONS} connections, ${SECONDS} s per case and server in ${ROUNDS} alternating turns, shared by ${PROCESSES} processes of each run one pair after another (figures: medians of the turns; ratio: median of the back-to-back pairs' ratios), p99 target ≤ ${P99_OF_BASELINE} × the baseline's, servers run with node ${NODE_FLAGS.join(' ') || '(no flags)'}${serverCpuPrefix().length > 0 ? ' on CPU 0, wrk on CPU 1' : ''}`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
  for (const m of memory) {
    const verdict = m.pass === undefined ? '' : m.pass ? `  PASS (< ${RSS_TARGET_MB} MB)` : `  FAIL (target < ${RSS_TARGET_MB} MB)`;
    console.log(
      `RSS of our server after load, ${m.size} (${m.reviews.toLocaleString('en-US')} reviews): ${m.rssMb?.toFixed(1) ?? '?'} MB${verdict}`,
    );
  }
}

function micros(x: number | undefined): string {
  return x === undefined ? '?' : `${Math.round(x)} µs`;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

function ms(x: number): string {
  return `${x.toFixed(1)} ms`;
}
