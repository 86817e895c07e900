import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubFixture, inspectStore, TOPICS, type HubFixture, type HubProcess } from '../../support/hub-service.ts';
import { startPostgres, type TestPostgres } from '../../support/hub-postgres.ts';

/**
 * Issue 33, item 4: the hub on Postgres when Postgres is stopped and
 * restarted, read-only (a replica after failover) or slow, and a hub that
 * starts while it is down. Pages, datasets, search, since and MCP keep
 * serving; the hub answers 503 with Retry-After; nothing answered 202 is
 * lost; the start-up publish goes out once the database is back.
 * Postgres only, on a server of its own (the run's shared one must not be
 * stopped): a SQLite file's faults are faults.test.ts's.
 */
describe('the hub on Postgres, when Postgres fails', () => {
  let postgres: TestPostgres;
  let fx: HubFixture;
  let hub: HubProcess;
  let database: string;
  let edits = 0;

  const changeFeed = async (): Promise<string> => {
    const file = join(fx.distDir, 'client/feed.xml');
    const marker = `<!-- edit ${++edits} -->`;
    await writeFile(file, `${await readFile(file, 'utf8')}${marker}\n`);
    return marker;
  };
  const posts = (path: string) => fx.callbacks.to(path, 'POST');
  const subscribed = async (path: string): Promise<string> => {
    const callback = fx.callbacks.url(path);
    expect((await hub.subscribe(TOPICS.atom, callback)).status).toBe(202);
    await expect.poll(() => inspectStore(fx.store, async (s) => (await s.subscriptionGet(TOPICS.atom, callback)) !== undefined)).toBe(true);
    return callback;
  };

  /** Everything but the hub answers, each within a second. */
  async function readsServe(url: string): Promise<void> {
    for (const path of ['/reviews.json', '/feed.xml', '/api/reviews/search?limit=5', '/api/reviews/since/2000-01-01']) {
      const started = performance.now();
      expect((await fetch(`${url}${path}`)).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    const client = new Client({ name: 'vitest', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  }

  async function expect503(answer: { status: number; text: string; headers: Headers }, reason: RegExp): Promise<void> {
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answer.text).toMatch(reason);
    expect(answer.text).toMatch(/pages, datasets, search and MCP are not affected\.\n$/);
  }

  beforeAll(async () => {
    postgres = await startPostgres({ fsync: false });
    const url = await postgres.createDatabase();
    database = new URL(url).pathname.slice(1);
    fx = await hubFixture({ databaseUrl: url });
    hub = await fx.startHub();
  }, 60_000);
  afterAll(async () => {
    await fx?.cleanUp();
    await postgres?.stop();
  });

  it('stopped and restarted: reads serve, the hub answers 503, a verification answered 202 before the stop completes after it, and the publish it refused goes out', async () => {
    await subscribed('/pg/a');
    // A subscription answered 202 whose verification is under way when Postgres stops: its outcome cannot be written.
    let stopped: () => void = () => {};
    const stopping = new Promise<void>((done) => (stopped = done));
    let gets = 0;
    const late = fx.callbacks.url('/pg/late', (r) =>
      r.method === 'GET'
        ? { status: 200, body: r.query.get('hub.challenge') ?? '', ...(++gets === 1 ? { until: stopping } : {}) }
        : { status: 204 },
    );
    expect((await hub.subscribe(TOPICS.atom, late)).status).toBe(202);
    await fx.callbacks.waitFor(() => fx.callbacks.to('/pg/late', 'GET').length === 1, 'the verification GET');
    await postgres.halt();
    stopped();

    await readsServe(hub.url);
    await expect503(await hub.subscribe(TOPICS.atom, fx.callbacks.url('/pg/b')), /: it cannot reach its database\. Try again in \d+ s;/);
    const marker = await changeFeed();
    await expect503(
      await hub.post({ 'hub.mode': 'publish' }),
      /^The hub could not record this publish \(it retries on its own\): it cannot reach its database/,
    );

    await postgres.start();
    // The publish retries on its own; the verification's claim runs out and it is made again, with a new challenge.
    await fx.callbacks.waitFor(() => posts('/pg/a').some((p) => p.body.toString().includes(marker)), 'the refused publish', 30_000);
    await expect
      .poll(() => inspectStore(fx.store, async (s) => (await s.subscriptionGet(TOPICS.atom, late)) !== undefined), { timeout: 20_000 })
      .toBe(true);
    expect(fx.callbacks.to('/pg/late', 'GET').length).toBeGreaterThanOrEqual(2);
    expect((await hub.subscribe(TOPICS.atom, fx.callbacks.url('/pg/b'))).status).toBe(202);
  }, 90_000);

  it('read-only (a replica after failover): the hub answers 503 "cannot write", reads serve, and it writes again once the database does', async () => {
    await postgres.sql(`ALTER DATABASE ${database} SET default_transaction_read_only = on`);
    await postgres.sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}'`);
    await expect
      .poll(async () => (await hub.subscribe(TOPICS.atom, fx.callbacks.url('/pg/ro'))).text, { timeout: 10_000 })
      .toMatch(/: it cannot write its database\. Try again in 60 s;/);
    await readsServe(hub.url);
    await postgres.sql(`ALTER DATABASE ${database} SET default_transaction_read_only = off`);
    await postgres.sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}'`);
    await expect.poll(async () => (await hub.subscribe(TOPICS.atom, fx.callbacks.url('/pg/ro'))).status, { timeout: 10_000 }).toBe(202);
  }, 60_000);

  it('slow (a table locked by another session): the request answers 503 once the 1 s lock timeout passes, reads stay fast', async () => {
    const blocker = new pg.Client({ connectionString: postgres.url(database) });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE subscription IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      const answer = hub.subscribe(TOPICS.atom, fx.callbacks.url('/pg/slow'));
      await readsServe(hub.url);
      await expect503(await answer, /: its database is locked by another process\. Try again in 2 s;/);
      // The lock timeout (1 s), not the 5 s statement timeout, bounds the wait: a locked Postgres answers as a locked SQLite file.
      expect(performance.now() - started).toBeLessThan(4_000);
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      await blocker.end();
    }
    expect((await hub.subscribe(TOPICS.atom, fx.callbacks.url('/pg/slow'))).status).toBe(202);
  }, 60_000);

  it('down at start: reads serve at once, the hub answers 503 until Postgres is up, then its start-up publish goes out', async () => {
    await hub.stop();
    await postgres.halt();
    const marker = await changeFeed();
    hub = await fx.startHub({ listeningOnly: true });
    await readsServe(hub.url);
    await expect503(await hub.subscribe(TOPICS.atom, fx.callbacks.url('/pg/c')), /^The WebSub hub is starting/);
    await hub.waitForLog(
      /^hub: waiting for the database \(HUB_DATABASE_URL=postgres:\/\/postgres@127\.0\.0\.1:\d+\/\w+: .*\); the hub path answers 503 meanwhile$/,
    );
    await postgres.start();
    await fx.callbacks.waitFor(() => posts('/pg/a').some((p) => p.body.toString().includes(marker)), 'the start-up publish', 30_000);
  }, 90_000);
});
