import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareSize, type BenchSize } from './dataset.ts';
import { load, type LoadRequest, type LoadResult } from './load.ts';
import { searchMix, sinceMix } from './mix.ts';
import { cpuSeconds, residentMegabytes, startScriptNodeFlags, startServerProcess, type ServerProcess } from './processes.ts';
import { recordResponses, saveResponses } from './responses.ts';

/**
 * `npm run bench`: our server against bare `node:http` serving the same bytes,
 * for the sample business and 10,000 generated reviews. One server runs at a
 * time (2 cores: one for it, one for autocannon in this process).
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    sizes: { type: 'string', default: 'sample,10k' },
  },
});
const ROOT = resolve(import.meta.dirname, '..');
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const SIZES: BenchSize[] = [
  { name: 'sample', contentDir: 'content' },
  { name: '10k', contentDir: 'bench/content-10k', generate: { count: 10_000, seed: 42 } },
].filter((s) => values.sizes.split(',').includes(s.name));

const NODE_FLAGS = startScriptNodeFlags(join(ROOT, 'package.json'));
const ROUNDS = 4;
const TARGETS = { search: 0.6, since: 0.7, 'since 304': 0.8 } as const;
type CaseName = keyof typeof TARGETS;
const P99_TARGET_MS = 5;
const RSS_TARGET_MB = 150;

interface CaseResult {
  size: string;
  case: CaseName;
  distinctUrls: number;
  ours: LoadResult;
  baseline: LoadResult;
  ratio: number;
  target: number;
  pass: boolean;
  problems: string[];
}

const results: CaseResult[] = [];
const memory: { size: string; reviews: number; rssMb: number | undefined; pass: boolean | undefined }[] = [];

for (const size of SIZES) {
  const started = Date.now();
  const prepared = await prepareSize(size, ROOT);
  const reviews = prepared.dataset.reviews.length;
  console.log(`[${size.name}] ${reviews} reviews, ${prepared.rebuilt ? 'built' : 'reused the build'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const search = searchMix(prepared.dataset);
  const since = sinceMix(prepared.dataset);

  const ours = await startServerProcess('bench/serve-ours.ts', ['--dist', prepared.distDir], ROOT, NODE_FLAGS);
  const recorded = await recordResponses(ours.url, [...search.paths, ...since.paths]);
  const responsesFile = join(ROOT, '.bench', size.name, 'responses.json');
  await saveResponses(responsesFile, recorded);
  const etags = new Map(recorded.map((r) => [r.path, r.headers.etag ?? '']));
  const cases: Record<CaseName, { requests: LoadRequest[]; distinct: number; status: string }> = {
    search: { requests: search.paths.map((path) => ({ method: 'GET', path })), distinct: search.distinct, status: '200' },
    since: { requests: since.paths.map((path) => ({ method: 'GET', path })), distinct: since.distinct, status: '200' },
    'since 304': {
      requests: since.paths.map((path) => ({ method: 'GET', path, headers: { 'if-none-match': etags.get(path) ?? '' } })),
      distinct: since.distinct,
      status: '304',
    },
  };

  // The baseline waits idle while ours is loaded and the other way round: only one server works at a time.
  const baseline = await startServerProcess('bench/serve-baseline.ts', ['--responses', responsesFile], ROOT, NODE_FLAGS);
  const { ours: oursResults, baseline: baselineResults } = await runCases(ours, baseline, cases);
  const rssMb = residentMegabytes(ours.pid);
  await Promise.all([ours.stop(), baseline.stop()]);

  memory.push({ size: size.name, reviews, rssMb, pass: size.name === '10k' ? rssMb !== undefined && rssMb < RSS_TARGET_MB : undefined });
  for (const name of Object.keys(cases) as CaseName[]) {
    const o = oursResults[name];
    const b = baselineResults[name];
    const ratio = o.requestsPerSecond / b.requestsPerSecond;
    const problems = [
      ...statusProblems('ours', o, cases[name].status),
      ...statusProblems('baseline', b, cases[name].status),
      ...(ratio < TARGETS[name] ? [`ratio below ${pct(TARGETS[name])}`] : []),
      ...(o.p99Ms >= P99_TARGET_MS ? [`p99 ${o.p99Ms} ms ≥ ${P99_TARGET_MS} ms${b.p99Ms >= P99_TARGET_MS ? ', the baseline misses it too' : ''}`] : []),
    ];
    results.push({ size: size.name, case: name, distinctUrls: cases[name].distinct, ours: o, baseline: b, ratio, target: TARGETS[name], pass: problems.length === 0, problems });
  }
}

printTable();
await mkdir(join(ROOT, '.bench'), { recursive: true });
await writeFile(
  join(ROOT, '.bench/results.json'),
  JSON.stringify({ node: process.version, cpus: availableParallelism(), seconds: SECONDS, connections: CONNECTIONS, cases: results, memory }, null, 2) + '\n',
);
console.log('\nresults written to .bench/results.json');
process.exitCode = results.every((r) => r.pass) && memory.every((m) => m.pass !== false) ? 0 : 1;

/**
 * Each case runs in ROUNDS short turns of each server in alternation, so that a
 * burst of other work on the machine hits both alike; each figure is the
 * median of the turns, which a single disturbed turn does not move.
 */
async function runCases(
  ours: ServerProcess,
  baseline: ServerProcess,
  cases: Record<CaseName, { requests: LoadRequest[] }>,
): Promise<Record<'ours' | 'baseline', Record<CaseName, LoadResult>>> {
  // Warm up the JIT (and the kernel's socket buffers) on every kind of request first.
  const all = Object.values(cases).flatMap((c) => c.requests);
  for (const server of [ours, baseline]) await load(server.url, all, { connections: CONNECTIONS, seconds: 3 });
  const out = { ours: {} as Record<CaseName, LoadResult>, baseline: {} as Record<CaseName, LoadResult> };
  for (const [name, { requests }] of Object.entries(cases) as [CaseName, { requests: LoadRequest[] }][]) {
    const turns: Record<'ours' | 'baseline', LoadResult[]> = { ours: [], baseline: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = [['ours', ours], ['baseline', baseline]] as const;
      // Who goes first alternates too, so neither always follows the other's load.
      for (const [who, server] of round % 2 === 0 ? order : [...order].reverse()) {
        const cpuBefore = cpuSeconds(server.pid);
        const result = await load(server.url, requests, { connections: CONNECTIONS, seconds: SECONDS / ROUNDS });
        const cpuAfter = cpuSeconds(server.pid);
        if (cpuBefore !== undefined && cpuAfter !== undefined && result.total > 0) result.cpuMicrosPerRequest = ((cpuAfter - cpuBefore) * 1e6) / result.total;
        turns[who].push(result);
      }
    }
    out.ours[name] = combine(turns.ours);
    out.baseline[name] = combine(turns.baseline);
  }
  return out;
}

function combine(turns: readonly LoadResult[]): LoadResult {
  const statuses: Record<string, number> = {};
  for (const turn of turns) for (const [code, count] of Object.entries(turn.statuses)) statuses[code] = (statuses[code] ?? 0) + count;
  return {
    requestsPerSecond: median(turns.map((t) => t.requestsPerSecond)),
    p50Ms: median(turns.map((t) => t.p50Ms)),
    p99Ms: median(turns.map((t) => t.p99Ms)),
    total: turns.reduce((sum, t) => sum + t.total, 0),
    errors: turns.reduce((sum, t) => sum + t.errors, 0),
    timeouts: turns.reduce((sum, t) => sum + t.timeouts, 0),
    statuses,
    cpuMicrosPerRequest: turns.every((t) => t.cpuMicrosPerRequest !== undefined)
      ? turns.reduce((sum, t) => sum + (t.cpuMicrosPerRequest as number) * t.total, 0) / turns.reduce((sum, t) => sum + t.total, 0)
      : undefined,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function statusProblems(who: string, result: LoadResult, expected: string): string[] {
  const other = Object.entries(result.statuses).filter(([code]) => code !== expected);
  const problems = other.map(([code, count]) => `${who}: ${count} answers with status ${code}`);
  if (result.errors + result.timeouts > 0) problems.push(`${who}: ${result.errors} errors, ${result.timeouts} timeouts`);
  return problems;
}

function printTable(): void {
  const header = ['size', 'case', 'urls', 'ours req/s', 'baseline req/s', 'ratio', 'target', 'p99 ours', 'p99 baseline', 'CPU/req ours', 'CPU/req baseline', 'result'];
  const rows = results.map((r) => [
    r.size,
    r.case,
    String(r.distinctUrls),
    Math.round(r.ours.requestsPerSecond).toLocaleString('en-US'),
    Math.round(r.baseline.requestsPerSecond).toLocaleString('en-US'),
    pct(r.ratio),
    `≥ ${pct(r.target)}`,
    `${r.ours.p99Ms} ms`,
    `${r.baseline.p99Ms} ms`,
    micros(r.ours.cpuMicrosPerRequest),
    micros(r.baseline.cpuMicrosPerRequest),
    r.pass ? 'PASS' : `FAIL (${r.problems.join('; ')})`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 && i <= 10 ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join('  ');
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s per case and server (medians of ${ROUNDS} alternating turns), p99 target < ${P99_TARGET_MS} ms, servers run with node ${NODE_FLAGS.join(' ') || '(no flags)'}`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
  for (const m of memory) {
    const verdict = m.pass === undefined ? '' : m.pass ? `  PASS (< ${RSS_TARGET_MB} MB)` : `  FAIL (target < ${RSS_TARGET_MB} MB)`;
    console.log(`RSS of our server after load, ${m.size} (${m.reviews.toLocaleString('en-US')} reviews): ${m.rssMb?.toFixed(1) ?? '?'} MB${verdict}`);
  }
}

function micros(x: number | undefined): string {
  return x === undefined ? '?' : `${Math.round(x)} µs`;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}
