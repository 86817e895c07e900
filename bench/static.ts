import { cp, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareSize } from './dataset.ts';
import { ensureWrk, load, median, serverCpuPrefix, type LoadRequest, type LoadResult } from './load.ts';
import { nginxMissing, startNginx } from './nginx.ts';
import { cpuSeconds, residentMegabytes, startServerProcess, type ServerProcess } from './processes.ts';
import { nodeFlags } from '../functions/process/node-flags.ts';

/**
 * `npm run bench`, read path, static files: our server against nginx serving
 * the same `dist/client` with `gzip_static`/`brotli_static` (the best a static
 * host does), one process each on CPU 0, wrk on CPU 1. The cases are issue
 * 22's table; each is run in one-second turns of each server in alternation
 * and its ratio is the median of the back-to-back pairs' ratios. Then the
 * resident memory of our server at 10,000 reviews, without the build's
 * compressed copies (as before they existed) and with them, after the same
 * load (the read path's own RSS target is checked by bench/run.ts).
 */
const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '12' }, connections: { type: 'string', default: '32' } },
});
const ROOT = resolve(import.meta.dirname, '..');
const SECONDS = Math.max(1, Number(values.seconds));
const CONNECTIONS = Number(values.connections);
const NODE_FLAGS = nodeFlags();
const SINCE = '/api/reviews/since/2023-01-01';
const BR_GZIP = { 'accept-encoding': 'br, gzip' };

/** Ratios to nginx before this work (issue 22's table, same machine, one run): each case must not fall below. */
const TARGETS: Record<string, number> = {
  '/reviews.json, no Accept-Encoding': 0.83,
  '/feed.xml': 0.56,
  'If-None-Match → 304': 0.62,
  '/reviews.json, br, gzip': 0.55,
};
/** The since answer with br, as a share of its uncompressed bytes. */
const SINCE_BYTES_TARGET = 0.25;

interface Case {
  name: string;
  status: number;
  /** The requests for each server (the 304 case needs each one's own tag); nginx has no since endpoint. */
  requests: (server: 'ours' | 'nginx') => LoadRequest[] | undefined;
}

const missing = nginxMissing();
if (missing) {
  console.log(`static files against nginx: skipped, ${missing}`);
  process.exit(0);
}
ensureWrk();

const sample = await prepareSize({ name: 'sample', contentDir: 'content' }, ROOT);
const clientDir = join(sample.distDir, 'client');
let ours = await startOurs(sample.distDir);
let nginx = await startNginx(clientDir, serverCpuPrefix());
const tags = { ours: await etagOf(ours.url, '/reviews.json'), nginx: await etagOf(nginx.url, '/reviews.json') };
const cases: Case[] = [
  { name: '/reviews.json, no Accept-Encoding', status: 200, requests: () => [{ method: 'GET', path: '/reviews.json' }] },
  { name: '/feed.xml', status: 200, requests: () => [{ method: 'GET', path: '/feed.xml' }] },
  {
    name: 'If-None-Match → 304',
    status: 304,
    requests: (who) => [{ method: 'GET', path: '/reviews.json', headers: { 'if-none-match': tags[who] } }],
  },
  { name: '/reviews.json, br, gzip', status: 200, requests: () => [{ method: 'GET', path: '/reviews.json', headers: BR_GZIP }] },
  {
    name: `${SINCE}, br, gzip`,
    status: 200,
    requests: (who) => (who === 'ours' ? [{ method: 'GET', path: SINCE, headers: BR_GZIP }] : undefined),
  },
];
await primeSinceCopy(ours.url);

const rows: string[][] = [];
let pass = true;
const sinceIdentity = await wire(ours.url, SINCE, {});
for (const c of cases) {
  const oursRequests = c.requests('ours') as LoadRequest[];
  const nginxRequests = c.requests('nginx');
  const bytes = {
    ours: await wire(ours.url, oursRequests[0] as LoadRequest),
    nginx: nginxRequests ? await wire(nginx.url, nginxRequests[0] as LoadRequest) : undefined,
  };
  const problems: string[] = [];
  for (const [who, b] of Object.entries(bytes)) if (b && b.status !== c.status) problems.push(`${who} answered ${b.status}`);
  await load(ours.url, oursRequests, { connections: CONNECTIONS, seconds: 2 });
  if (nginxRequests) await load(nginx.url, nginxRequests, { connections: CONNECTIONS, seconds: 2 });
  const turns: { ours: LoadResult; nginx: LoadResult | undefined }[] = [];
  for (let round = 0; round < SECONDS; round += 1) {
    const first = round % 2 === 0;
    const n1 = first || !nginxRequests ? undefined : await turn(nginx, nginxRequests);
    const o = await turn(ours, oursRequests);
    const n2 = first && nginxRequests ? await turn(nginx, nginxRequests) : undefined;
    turns.push({ ours: o, nginx: n1 ?? n2 });
  }
  const oursRate = median(turns.map((t) => t.ours.requestsPerSecond));
  const nginxRate = nginxRequests ? median(turns.map((t) => (t.nginx as LoadResult).requestsPerSecond)) : undefined;
  const ratio = nginxRequests ? median(turns.map((t) => t.ours.requestsPerSecond / (t.nginx as LoadResult).requestsPerSecond)) : undefined;
  const cpu = {
    ours: cpuPerRequest(turns.map((t) => t.ours)),
    nginx: nginxRequests ? cpuPerRequest(turns.map((t) => t.nginx as LoadResult)) : undefined,
  };
  const errors = turns.reduce((n, t) => n + t.ours.errors + t.ours.badStatus + (t.nginx ? t.nginx.errors + t.nginx.badStatus : 0), 0);
  if (errors > 0) problems.push(`${errors} errors or bad statuses`);
  const target = TARGETS[c.name];
  if (ratio !== undefined && target !== undefined && ratio < target) problems.push(`ratio below ${target.toFixed(2)}`);
  let bytesNote = `${kb(bytes.ours.total)} / ${bytes.nginx ? kb(bytes.nginx.total) : '—'}`;
  if (c.name.startsWith(SINCE)) {
    const share = bytes.ours.body / sinceIdentity.body;
    bytesNote += ` (${pct(share)} of the uncompressed ${kb(sinceIdentity.total)})`;
    if (share > SINCE_BYTES_TARGET) problems.push(`compressed to ${pct(share)}, over ${pct(SINCE_BYTES_TARGET)}`);
  }
  pass &&= problems.length === 0;
  rows.push([
    c.name,
    bytes.ours.coding,
    Math.round(oursRate).toLocaleString('en-US'),
    nginxRate === undefined ? '—' : Math.round(nginxRate).toLocaleString('en-US'),
    ratio === undefined ? '—' : ratio.toFixed(2),
    target === undefined ? '' : `≥ ${target.toFixed(2)}`,
    `${micros(cpu.ours)} / ${micros(cpu.nginx)}`,
    bytesNote,
    problems.length === 0 ? 'PASS' : `FAIL (${problems.join('; ')})`,
  ]);
}
const rssSample = { ours: residentMegabytes(ours.pid), nginx: residentMegabytes(nginx.pid) };
await Promise.all([ours.stop(), nginx.stop()]);

console.log(
  `\nStatic files against ${nginx.version} (gzip_static, brotli_static, one process), sample business, wrk ${CONNECTIONS} connections, ` +
    `${SECONDS} one-second turns per server and case, alternating (figures: medians; ratio: median of back-to-back pairs), servers on CPU 0, wrk on CPU 1`,
);
printTable(
  [
    'case',
    'ours sends',
    'ours req/s',
    'nginx req/s',
    'ours/nginx',
    'target',
    'CPU/req ours / nginx',
    'bytes per answer ours / nginx',
    'result',
  ],
  rows,
);
console.log(`RSS after load, sample: ours ${mb(rssSample.ours)}, nginx ${mb(rssSample.nginx)}`);

// Memory at 10,000 reviews: the same server on the same build, without and with the compressed copies.
const big = await prepareSize({ name: '10k', contentDir: 'bench/content-10k', generate: { count: 10_000, seed: 42 } }, ROOT);
const withoutCopies = await mkdtemp(join(tmpdir(), 'bench-identity-'));
try {
  await cp(big.distDir, withoutCopies, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  const memoryLoad: LoadRequest[] = [
    { method: 'GET', path: '/reviews.json' },
    { method: 'GET', path: '/reviews.json', headers: BR_GZIP },
    { method: 'GET', path: '/feed.xml', headers: BR_GZIP },
    { method: 'GET', path: SINCE, headers: BR_GZIP },
    { method: 'GET', path: '/api/reviews/search?min_rating=1&limit=100', headers: BR_GZIP },
  ];
  const rss: Record<string, number | undefined> = {};
  for (const [label, dist] of [
    ['before (no compressed copies)', withoutCopies],
    ['after', big.distDir],
  ] as const) {
    ours = await startOurs(dist);
    await primeSinceCopy(ours.url);
    await load(ours.url, memoryLoad, { connections: CONNECTIONS, seconds: 2 * SECONDS });
    rss[label] = residentMegabytes(ours.pid);
    await ours.stop();
  }
  nginx = await startNginx(join(big.distDir, 'client'), serverCpuPrefix());
  await load(nginx.url, memoryLoad.slice(0, 3), { connections: CONNECTIONS, seconds: 2 * SECONDS });
  const nginxRss = residentMegabytes(nginx.pid);
  await nginx.stop();
  console.log(
    `RSS after load, 10,000 reviews: ours ${Object.entries(rss)
      .map(([label, value]) => `${label} ${mb(value)}`)
      .join(', ')}; nginx ${mb(nginxRss)}`,
  );
} finally {
  await rm(withoutCopies, { recursive: true, force: true });
}
process.exitCode = pass ? 0 : 1;

/** One one-second turn, with the server's CPU time per answer (steadier than req/s on a shared machine). */
async function turn(server: ServerProcess, requests: readonly LoadRequest[]): Promise<LoadResult> {
  const before = cpuSeconds(server.pid);
  const result = await load(server.url, requests, { connections: CONNECTIONS, seconds: 1 });
  const after = cpuSeconds(server.pid);
  if (before !== undefined && after !== undefined && result.total > 0) result.cpuMicrosPerRequest = ((after - before) * 1e6) / result.total;
  return result;
}

function cpuPerRequest(turns: readonly LoadResult[]): number | undefined {
  const total = turns.reduce((n, t) => n + t.total, 0);
  if (total === 0 || turns.some((t) => t.cpuMicrosPerRequest === undefined)) return undefined;
  return turns.reduce((sum, t) => sum + (t.cpuMicrosPerRequest as number) * t.total, 0) / total;
}

function micros(x: number | undefined): string {
  return x === undefined ? '—' : `${Math.round(x)} µs`;
}

function startOurs(distDir: string): Promise<ServerProcess> {
  return startServerProcess('bench/serve-ours.ts', ['--dist', distDir], ROOT, NODE_FLAGS, serverCpuPrefix());
}

/** The since listing's compressed copy is made in the background after the first request for it: wait for it. */
async function primeSinceCopy(base: string): Promise<void> {
  for (let tries = 0; tries < 600; tries += 1) {
    const answer = await wire(base, { method: 'GET', path: SINCE, headers: BR_GZIP });
    if (answer.coding !== 'identity') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function etagOf(base: string, path: string): Promise<string> {
  const response = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
  await response.arrayBuffer();
  return response.headers.get('etag') ?? '';
}

interface Wire {
  status: number;
  coding: string;
  body: number;
  /** Status line, headers and body, as the client reads them. */
  total: number;
}

/** One request; what the answer costs on the wire. */
function wire(base: string, r: LoadRequest | string, headers: Record<string, string> = {}): Promise<Wire> {
  const { path, headers: h } = typeof r === 'string' ? { path: r, headers } : { path: r.path, headers: r.headers ?? {} };
  return new Promise((done, fail) => {
    const req = request(base + path, { headers: h, agent: false }, (res) => {
      let body = 0;
      res.on('data', (chunk: Buffer) => (body += chunk.length));
      res.on('end', () => {
        let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        done({ status: res.statusCode ?? 0, coding: String(res.headers['content-encoding'] ?? 'identity'), body, total: head + body });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function kb(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function mb(value: number | undefined): string {
  return value === undefined ? '?' : `${value.toFixed(1)} MB`;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}
