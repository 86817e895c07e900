/**
 * `npm run bench` (hub part): one change fanned out to 1,000 HTTPS subscribers
 * on loopback, against a bare HTTPS POST loop to the same receivers with the
 * same concurrency, in the same run. Target: the hub at >= 50% of the loop's
 * rate. Receivers run in this process; the hub and the loop each in a child
 * started with NODE_EXTRA_CA_CERTS (the test CA), one at a time.
 */
import { fork, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { openHubStore, type HubStore } from '../functions/hub/store/index.ts';
import { createTestPki } from '../test/support/test-ca.ts';
import { prepareSize } from './dataset.ts';
import { cpuSeconds } from './processes.ts';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
    receivers: { type: 'string', default: '4' },
    profile: { type: 'string' },
  },
});
const ROOT = resolve(import.meta.dirname, '..');
const SUBSCRIBERS = Number(values.subscribers);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const TARGET = 0.5;
const SITE = 'http://localhost:4321';

const { distDir: builtDist } = await prepareSize({ name: 'sample', contentDir: 'content' }, ROOT);
const work = await mkdtemp(join(tmpdir(), 'bench-hub-'));
const distDir = join(work, 'dist');
await cp(builtDist, distDir, { recursive: true });
const site = JSON.parse(await readFile(join(distDir, 'build.json'), 'utf8')).site as string;
const pki = await createTestPki(work);

// Receivers: a subscriber's endpoint answers a verification with its challenge and a notification with 204 once the body is read.
let posts = 0;
let firstAck = 0;
let lastAck = 0;
const receivers: Server[] = [];
for (let i = 0; i < Number(values.receivers); i++) {
  const server = createServer({ key: pki.key, cert: pki.cert, keepAliveTimeout: 10_000 }, (req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST') {
        res.writeHead(204).end();
        res.on('finish', () => {
          posts += 1;
          lastAck = performance.now();
          if (posts === 1) firstAck = lastAck;
        });
      } else {
        res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end(new URL(req.url ?? '/', 'https://x').searchParams.get('hub.challenge') ?? '');
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  receivers.push(server);
}
const urls = Array.from(
  { length: SUBSCRIBERS },
  (_, i) => `https://127.0.0.1:${(receivers[i % receivers.length]!.address() as AddressInfo).port}/s/${i}`,
);

const dbPath = join(work, 'hub.db');
const hub = await startHub();
await subscribeAll(hub.url);
const baseline = fork(join(import.meta.dirname, 'hub-baseline.ts'), [], {
  env: { PATH: process.env.PATH, NODE_EXTRA_CA_CERTS: pki.caFile },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
await ask(baseline, { warm: { urls, concurrency: CONCURRENCY } }, (m) => m === 'warm');

interface Turn {
  /** From the request (publish, or the loop's start) to the last acknowledgement. */
  seconds: number;
  /** Deliveries per second over that time. */
  rate: number;
  /** From the request to the first acknowledgement: for the hub, reloading the build and queueing. */
  firstSeconds: number;
  /** Process CPU over the turn. */
  cpu: number;
}
const results: { hub: Turn; bare: Turn; bodyBytes: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const body = await changeTopic(round);
  const order = round % 2 === 0 ? (['hub', 'bare'] as const) : (['bare', 'hub'] as const);
  const turn: Partial<Record<'hub' | 'bare', Turn>> = {};
  for (const which of order) turn[which] = which === 'hub' ? await hubTurn() : await bareTurn(body);
  results.push({ hub: turn.hub!, bare: turn.bare!, bodyBytes: body.length });
  console.log(
    `round ${round + 1}: hub ${fmt(turn.hub!)}; bare loop ${fmt(turn.bare!)}; ratio ${(turn.hub!.rate / turn.bare!.rate).toFixed(2)}`,
  );
}

const medianOf = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const median = medianOf(results.map((r) => r.hub.rate / r.bare.rate));
/** The fan-out alone, first to last acknowledgement: without the publish's reload of the build, which a loop does not do. */
const fanOut = (t: Turn): number => (SUBSCRIBERS - 1) / (t.seconds - t.firstSeconds);
const medianFanOut = medianOf(results.map((r) => fanOut(r.hub) / fanOut(r.bare)));
console.log(
  `\nhub fan-out: ${SUBSCRIBERS} HTTPS subscribers on loopback, ${results[0]?.bodyBytes} bytes (/feed.xml), concurrency ${CONCURRENCY}, ${ROUNDS} rounds` +
    `\n  hub:       ${results.map((r) => fmt(r.hub)).join(' | ')}` +
    `\n  bare loop: ${results.map((r) => fmt(r.bare)).join(' | ')}` +
    `\n  fan-out alone (first to last acknowledgement): hub ${results.map((r) => fanOut(r.hub).toFixed(0)).join(', ')}/s; bare ${results.map((r) => fanOut(r.bare).toFixed(0)).join(', ')}/s; median ratio ${(medianFanOut * 100).toFixed(0)}%` +
    `\n  median ratio ${(median * 100).toFixed(0)}% of the bare loop, publish to last acknowledgement (target ${TARGET * 100}%): ${median >= TARGET ? 'PASS' : 'FAIL'}`,
);
baseline.disconnect();
hub.stop();
for (const server of receivers) {
  server.closeAllConnections();
  server.close();
}
await rm(work, { recursive: true, force: true });
process.exit(median >= TARGET ? 0 : 1);

function fmt(t: Turn): string {
  return `${t.rate.toFixed(0)}/s, first ack ${(t.firstSeconds * 1000).toFixed(0)} ms, last ${(t.seconds * 1000).toFixed(0)} ms, CPU ${(t.cpu * 1000).toFixed(0)} ms`;
}

async function changeTopic(round: number): Promise<Buffer> {
  const file = join(distDir, 'client/feed.xml');
  const body = Buffer.from(`${(await readFile(file, 'utf8')).replace(/<!-- round \d+ -->\n$/, '')}<!-- round ${round} -->\n`);
  await writeFile(file, body);
  return body;
}

async function hubTurn(): Promise<Turn> {
  const before = cpuSeconds(hub.pid) ?? 0;
  const start = performance.now();
  posts = 0;
  const response = await fetch(`${hub.url}/api/websub/hub`, {
    method: 'POST',
    body: new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': `${site}/feed.xml` }),
  });
  if (response.status !== 202) throw new Error(`publish answered ${response.status}`);
  await until(() => posts >= SUBSCRIBERS, 'every hub notification');
  const seconds = (lastAck - start) / 1000;
  // Let the hub record the last outcomes before reading its CPU and its queue.
  await until(async () => (await inspect((s) => s.deliveryCount())) === 0, 'the hub to record every acknowledgement');
  return { seconds, rate: SUBSCRIBERS / seconds, firstSeconds: (firstAck - start) / 1000, cpu: (cpuSeconds(hub.pid) ?? 0) - before };
}

async function bareTurn(body: Buffer): Promise<Turn> {
  posts = 0;
  const start = performance.now();
  const headers = {
    'content-type': 'application/atom+xml; charset=utf-8',
    link: `<${site}/api/websub/hub>; rel="hub", <${site}/feed.xml>; rel="self"`,
  };
  const cpu = await ask<number>(
    baseline,
    { post: { urls, body: body.toString(), headers, concurrency: CONCURRENCY } },
    (m) => typeof m === 'object' && m !== null && 'done' in m,
    (m) => (m as { done: number }).done,
  );
  await until(() => posts >= SUBSCRIBERS, 'every bare POST');
  const seconds = (lastAck - start) / 1000;
  return { seconds, rate: SUBSCRIBERS / seconds, firstSeconds: (firstAck - start) / 1000, cpu };
}

async function startHub(): Promise<{ url: string; pid: number; stop(): void }> {
  // --profile <dir>: a V8 CPU profile of the hub process, for where its time goes.
  const flags = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`] : [];
  const child = spawn(process.execPath, [...flags, join(import.meta.dirname, 'serve-hub.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_EXTRA_CA_CERTS: pki.caFile,
      DIST_DIR: distDir,
      HUB_DB_PATH: dbPath,
      PORT: '0',
      HUB_ALLOW_PRIVATE_CALLBACKS: '1',
      HUB_RATE_LIMIT_PER_MIN: '0',
      HUB_MAX_SUBSCRIPTIONS_PER_HOST: String(SUBSCRIBERS),
      HUB_DELIVERY_CONCURRENCY: String(CONCURRENCY),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((done) => createInterface({ input: child.stdout! }).once('line', done));
  const { url } = JSON.parse(line) as { url: string };
  return { url, pid: child.pid as number, stop: () => child.kill('SIGTERM') };
}

async function subscribeAll(hubUrl: string): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < urls.length) {
      const callback = urls[next++] as string;
      const r = await fetch(`${hubUrl}/api/websub/hub`, {
        method: 'POST',
        body: new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.topic': `${SITE}/feed.xml`, 'hub.callback': callback }),
      });
      if (r.status !== 202) throw new Error(`subscribe answered ${r.status}: ${await r.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  await until(
    async () => (await inspect(async (s) => (await s.subscriptionList()).length)) === SUBSCRIBERS,
    'every subscription to be verified',
  );
}

async function inspect<T>(read: (store: HubStore) => Promise<T>): Promise<T> {
  const store = await openHubStore({ dbPath });
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`bench/hub: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function ask<T = unknown>(
  child: ReturnType<typeof fork>,
  message: object,
  isAnswer: (m: unknown) => boolean,
  value: (m: unknown) => T = (m) => m as T,
): Promise<T> {
  return new Promise((done) => {
    const listener = (m: unknown): void => {
      if (!isAnswer(m)) return;
      child.off('message', listener);
      done(value(m));
    };
    child.on('message', listener);
    child.send(message);
  });
}
