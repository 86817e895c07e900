import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareSize, type BenchSize } from './dataset.ts';
import { combine, ensureWrk, load, loadPosts, median, serverCpuPrefix, type LoadResult } from './load.ts';
import { searchMix } from './mix.ts';
import { cpuSeconds, startServerProcess, type ServerProcess } from './processes.ts';
import { nodeFlags } from '../functions/process/node-flags.ts';
import { postInitialize } from '../test/support/mcp-http.ts';

/**
 * `npm run bench`, MCP part: tools/call search_reviews on our server against
 * the HTTP search over the same rotating query mix, and against the SDK's
 * documented per-request pattern serving the same tools (a server and a
 * transport built per request). Each server runs in its own process on CPU 0
 * (wrk on CPU 1), one at a time, in alternating one-second turns; figures are
 * medians of the turns, ratios medians of the back-to-back rounds' ratios.
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    sizes: { type: 'string', default: 'sample,10k' },
  },
});
const ROOT = resolve(import.meta.dirname, '..');
const ROUNDS = Math.max(1, Math.round(Number(values.seconds)));
const CONNECTIONS = Number(values.connections);
const WARM_UP_SECONDS = 3;
const NODE_FLAGS = nodeFlags();
/** Issue 23's floors for the MCP path without side channels (it was 0.23 and 7× with them). */
const TARGETS = { ofHttpSearch: 0.15, ofPerRequest: 5 } as const;
const SIZES: BenchSize[] = [
  { name: 'sample', contentDir: 'content' },
  { name: '10k', contentDir: 'bench/content-10k', generate: { count: 10_000, seed: 42 } },
].filter((s) => values.sizes.split(',').includes(s.name));

type Kind = 'http search' | 'mcp (ours)' | 'mcp per request';
const KINDS: Kind[] = ['http search', 'mcp (ours)', 'mcp per request'];

/** What an answer costs an assistant's context: the text block and the whole result, in bytes. */
interface AnswerSize {
  call: string;
  textBytes: number;
  resultBytes: number;
}

/** Issue 25's yardsticks: a 100-review page of four fields, and a full default-sized page. */
const SIZED_CALLS: Record<string, Record<string, unknown>> = {
  'search_reviews {limit: 100, fields: "id,date,rating,text"}': { limit: 100, fields: 'id,date,rating,text' },
  'search_reviews {limit: 20} (every field)': { limit: 20 },
  'search_reviews {limit: 100} (every field)': { limit: 100 },
};

interface SizeResult {
  size: string;
  answerSizes: AnswerSize[];
  reviews: number;
  distinct: number;
  figures: Record<Kind, LoadResult>;
  ofHttpSearch: number;
  ofPerRequest: number;
  pass: boolean;
  problems: string[];
}

ensureWrk();
const results: SizeResult[] = [];
for (const size of SIZES) {
  const prepared = await prepareSize(size, ROOT);
  const mix = searchMix(prepared.dataset);
  const bodies = mix.paths.map((path, i) => toolCall(i + 1, path));
  const servers: Record<Kind, ServerProcess> = {
    'http search': await start('bench/serve-ours.ts', prepared.distDir),
    'mcp (ours)': await start('bench/serve-ours.ts', prepared.distDir),
    'mcp per request': await start('bench/serve-mcp-per-request.ts', prepared.distDir),
  };
  try {
    const session = await initialize(servers['mcp (ours)'].url);
    const answerSizes = await measureAnswers(`${servers['mcp (ours)'].url}/mcp`, session);
    const problems = [
      ...(await checkAnswers(`${servers['mcp (ours)'].url}/mcp`, bodies, { 'mcp-session-id': session })),
      ...(await checkAnswers(`${servers['mcp per request'].url}/mcp`, bodies, {})),
    ];
    const drive: Record<Kind, (seconds: number) => Promise<LoadResult>> = {
      'http search': (seconds) =>
        load(
          servers['http search'].url,
          mix.paths.map((path) => ({ method: 'GET', path })),
          { connections: CONNECTIONS, seconds },
        ),
      'mcp (ours)': (seconds) =>
        loadPosts(`${servers['mcp (ours)'].url}/mcp`, bodies, { 'Mcp-Session-Id': session }, { connections: CONNECTIONS, seconds }),
      'mcp per request': (seconds) => loadPosts(`${servers['mcp per request'].url}/mcp`, bodies, {}, { connections: CONNECTIONS, seconds }),
    };
    // A fresh process is slow for its first seconds of load (the compiler tiers the code up): not measured.
    for (const kind of KINDS) await drive[kind](WARM_UP_SECONDS);
    const turns: Record<Kind, LoadResult[]> = { 'http search': [], 'mcp (ours)': [], 'mcp per request': [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      // The order rotates, so no server always follows the same one.
      for (let k = 0; k < KINDS.length; k += 1) {
        const kind = KINDS[(round + k) % KINDS.length] as Kind;
        const before = cpuSeconds(servers[kind].pid);
        const result = await drive[kind](1);
        const after = cpuSeconds(servers[kind].pid);
        if (before !== undefined && after !== undefined && result.total > 0)
          result.cpuMicrosPerRequest = ((after - before) * 1e6) / result.total;
        turns[kind].push(result);
      }
    }
    const figures = Object.fromEntries(KINDS.map((kind) => [kind, combine(turns[kind])])) as Record<Kind, LoadResult>;
    const ratio = (a: Kind, b: Kind) => median(turns[a].map((t, i) => t.requestsPerSecond / (turns[b][i] as LoadResult).requestsPerSecond));
    const ofHttpSearch = ratio('mcp (ours)', 'http search');
    const ofPerRequest = ratio('mcp (ours)', 'mcp per request');
    for (const kind of KINDS) {
      if (figures[kind].badStatus > 0 || figures[kind].errors > 0)
        problems.push(`${kind}: ${figures[kind].badStatus} bad statuses, ${figures[kind].errors} errors`);
    }
    if (ofHttpSearch < TARGETS.ofHttpSearch) problems.push(`below ${pct(TARGETS.ofHttpSearch)} of the HTTP search`);
    if (ofPerRequest < TARGETS.ofPerRequest) problems.push(`below ${TARGETS.ofPerRequest}× the per-request pattern`);
    results.push({
      size: size.name,
      answerSizes,
      reviews: prepared.dataset.reviews.length,
      distinct: mix.distinct,
      figures,
      ofHttpSearch,
      ofPerRequest,
      pass: problems.length === 0,
      problems,
    });
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
  }
}

const mcpLines = await linesOf(join(ROOT, 'functions/mcp'));
print();
console.log(`functions/mcp: ${mcpLines.toLocaleString('en-US')} lines of TypeScript`);
await mkdir(join(ROOT, '.bench'), { recursive: true });
await writeFile(
  join(ROOT, '.bench/mcp-results.json'),
  JSON.stringify({ node: process.version, rounds: ROUNDS, connections: CONNECTIONS, mcpLines, results }, null, 2) + '\n',
);
process.exitCode = results.every((r) => r.pass) ? 0 : 1;

function start(script: string, distDir: string): Promise<ServerProcess> {
  return startServerProcess(script, ['--dist', distDir], ROOT, NODE_FLAGS, serverCpuPrefix());
}

/** A search URL of the mix as the equivalent tools/call: the same filters, numbers as numbers. */
function toolCall(id: number, path: string): string {
  const args: Record<string, string | number> = {};
  for (const [name, value] of new URLSearchParams(path.slice(path.indexOf('?') + 1))) {
    args[name] = ['rating', 'min_rating', 'limit'].includes(name) ? Number(value) : value;
  }
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_reviews', arguments: args } });
}

async function initialize(base: string): Promise<string> {
  const response = await postInitialize(base);
  await response.arrayBuffer();
  const session = response.headers.get('mcp-session-id');
  if (!session) throw new Error(`initialize on ${base} gave no session id (status ${response.status})`);
  return session;
}

async function measureAnswers(url: string, session: string): Promise<AnswerSize[]> {
  const sizes: AnswerSize[] = [];
  for (const [call, args] of Object.entries(SIZED_CALLS)) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': session },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_reviews', arguments: args } }),
    });
    const { result } = (await response.json()) as { result: { content: { text: string }[] } };
    sizes.push({
      call,
      textBytes: Buffer.byteLength(result.content[0]?.text ?? ''),
      resultBytes: Buffer.byteLength(JSON.stringify(result)),
    });
  }
  return sizes;
}

/** wrk only counts statuses of 400 and more: each distinct call is checked once for a 200 with a result that is not isError. */
async function checkAnswers(url: string, bodies: readonly string[], headers: Record<string, string>): Promise<string[]> {
  const problems: string[] = [];
  for (const body of new Set(bodies)) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });
    const answer = (await response.json().catch(() => ({}))) as { result?: { isError?: boolean; structuredContent?: unknown } };
    if (response.status !== 200 || !answer.result?.structuredContent || answer.result.isError)
      problems.push(`${url}: ${body} answered ${response.status} ${JSON.stringify(answer).slice(0, 200)}`);
    if (problems.length >= 3) break;
  }
  return problems;
}

function print(): void {
  console.log(
    `\nMCP: tools/call search_reviews against GET /api/reviews/search over the same ${results[0]?.distinct ?? 0}-query mix, and against the SDK's ` +
      `per-request pattern (new server + transport per request); wrk, ${CONNECTIONS} connections, ${ROUNDS} rounds of 1 s turns per server, node ${NODE_FLAGS.join(' ')}`,
  );
  const header = ['size', 'server', 'req/s', 'p50', 'p99', 'CPU/req'];
  const rows = results.flatMap((r) =>
    KINDS.map((kind) => {
      const f = r.figures[kind];
      return [
        r.size,
        kind,
        Math.round(f.requestsPerSecond).toLocaleString('en-US'),
        `${f.p50Ms.toFixed(2)} ms`,
        `${f.p99Ms.toFixed(1)} ms`,
        `${Math.round(f.cpuMicrosPerRequest ?? Number.NaN)} µs`,
      ];
    }),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
  for (const r of results) {
    for (const a of r.answerSizes)
      console.log(`${r.size}: ${a.call}: text ${kb(a.textBytes)}, whole result ${kb(a.resultBytes)} (structuredContent and text)`);
  }
  for (const r of results) {
    console.log(
      `${r.size} (${r.reviews.toLocaleString('en-US')} reviews): MCP tools/call = ${pct(r.ofHttpSearch)} of the HTTP search (target ≥ ${pct(TARGETS.ofHttpSearch)}), ` +
        `${r.ofPerRequest.toFixed(1)}× the per-request pattern (target ≥ ${TARGETS.ofPerRequest}×): ${r.pass ? 'PASS' : `FAIL (${r.problems.join('; ')})`}`,
    );
  }
}

/** Lines of the TypeScript files under `dir`: the size of the MCP folder, reported beside its speed. */
async function linesOf(dir: string): Promise<number> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.ts'));
  const texts = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
  return texts.reduce((n, text) => n + text.split('\n').length - 1, 0);
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}
