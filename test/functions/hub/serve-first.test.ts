import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLocation } from '../../../functions/hub/store/index.ts';
import { lockHubDatabase, type HubLock } from '../../support/hub-lock.ts';
import { engineDatabase, ENGINES, HubProcess, hubFixture, inspectStore, TOPICS, type HubFixture } from '../../support/hub-service.ts';

/** The one line the hub logs while it waits, naming where its database is. */
const WAITING = {
  sqlite: /^hub: waiting for the database \(HUB_DB_PATH=.*locked\.db: .*\); the hub path answers 503 meanwhile$/,
  postgres: /^hub: waiting for the database \(HUB_DATABASE_URL=postgres:\/\/\S+: .*\); the hub path answers 503 meanwhile$/,
} as const;

/** Time from spawning the service to its first answer of `/reviews.json`. */
async function firstAnswer(fx: HubFixture, store: StoreLocation): Promise<{ hub: HubProcess; ms: number }> {
  const started = performance.now();
  const hub = await HubProcess.start({ distDir: fx.distDir, ...store, caFile: fx.pki.caFile, listeningOnly: true });
  expect((await fetch(`${hub.url}/reviews.json`)).status).toBe(200);
  return { hub, ms: performance.now() - started };
}

/**
 * Issue 32, item 9: pages, data, search, since and MCP answer within a
 * second of start whatever the hub database's state. Here another process
 * holds the hub's database: an exclusive lock on its new SQLite file, or
 * ACCESS EXCLUSIVE on every table of its Postgres database (hub_migration and
 * meta too, which the hub's open reads and writes); before, the store's open
 * retried for 5 s before the server listened (`/reviews.json` after 6.5 s).
 */
describe.each(ENGINES)('serve first: a hub database locked by another process at start (%s)', (engine) => {
  let fx: HubFixture;
  let lock: HubLock | undefined;
  const hubs: HubProcess[] = [];
  const drops: (() => Promise<void>)[] = [];

  /** A new hub database: a file in the fixture's folder, or a database on the run's Postgres server. */
  async function newDatabase(name: string): Promise<StoreLocation> {
    const { databaseUrl, drop } = await engineDatabase(engine);
    drops.push(drop);
    return { dbPath: join(fx.dir, `${name}.db`), databaseUrl };
  }

  beforeAll(async () => {
    fx = await hubFixture();
  });
  afterAll(async () => {
    await lock?.release();
    for (const hub of hubs) await hub.stop();
    for (const drop of drops) await drop();
    await fx?.cleanUp();
  });

  it('answers pages, data, search, since and MCP as fast as an unlocked start; the hub answers 503 with Retry-After until the lock goes', async () => {
    // The same run's unlocked start is the baseline: starting Node and loading the build take their own time on a busy machine.
    const free = await firstAnswer(fx, await newDatabase('free'));
    hubs.push(free.hub);
    await free.hub.stop();

    const store = await newDatabase('locked');
    // A SQLite lock creates the new file; Postgres tables must exist to be locked: the database is migrated first.
    if (store.databaseUrl) await inspectStore(store, async () => {});
    lock = await lockHubDatabase(store);
    const locked = await firstAnswer(fx, store);
    const hub = locked.hub;
    hubs.push(hub);
    expect(locked.ms - free.ms).toBeLessThan(1_000);

    const since = performance.now();
    for (const path of ['/', '/feed.xml', '/api/reviews/search?limit=5', '/api/reviews/since/2000-01-01'])
      expect((await fetch(`${hub.url}${path}`)).status).toBe(200);
    const client = new Client({ name: 'vitest', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${hub.url}/mcp`)));
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
    expect(performance.now() - since).toBeLessThan(1_000);

    const waiting = await hub.post({ 'hub.mode': 'subscribe', 'hub.topic': TOPICS.atom, 'hub.callback': fx.callbacks.url('/first') });
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get('retry-after')).toBe('2');
    expect(waiting.text).toBe(
      'The WebSub hub is starting: it is opening its database. Try again in 2 s; pages, datasets, search and MCP are not affected.\n',
    );
    await hub.waitForLog(WAITING[engine]);

    // The lock goes: the hub opens on its own and takes the subscription.
    await lock.release();
    await expect
      .poll(async () => (await hub.subscribe(TOPICS.atom, fx.callbacks.url('/first'))).status, { timeout: 15_000, interval: 250 })
      .toBe(202);
    await hub.waitForLog(/^hub: the database is open; the hub answers again$/);
  }, 60_000);
});
