import { fork, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubProcess, hubFixture, TOPICS, type HubFixture } from '../../support/hub-service.ts';

const LOCKER = resolve(import.meta.dirname, '../../support/sqlite-locker.ts');

/** Time from spawning the service to its first answer of `/reviews.json`. */
async function firstAnswer(fx: HubFixture, dbPath: string): Promise<{ hub: HubProcess; ms: number }> {
  const started = performance.now();
  const hub = await HubProcess.start({ distDir: fx.distDir, dbPath, caFile: fx.pki.caFile, listeningOnly: true });
  expect((await fetch(`${hub.url}/reviews.json`)).status).toBe(200);
  return { hub, ms: performance.now() - started };
}

/**
 * Issue 32, item 9: pages, data, search, since and MCP answer within a
 * second of start whatever the hub database's state. Here another process
 * holds an exclusive lock on the hub's new file; before, the store's open
 * retried for 5 s before the server listened (`/reviews.json` after 6.5 s).
 */
describe('serve first: a hub database locked by another process at start', () => {
  let fx: HubFixture;
  let locker: ChildProcess | undefined;
  const hubs: HubProcess[] = [];

  beforeAll(async () => {
    fx = await hubFixture();
  });
  afterAll(async () => {
    locker?.kill();
    for (const hub of hubs) await hub.stop();
    await fx?.cleanUp();
  });

  it('answers pages, data, search, since and MCP as fast as an unlocked start; the hub answers 503 with Retry-After until the lock goes', async () => {
    // The same run's unlocked start is the baseline: starting Node and loading the build take their own time on a busy machine.
    const free = await firstAnswer(fx, join(fx.dir, 'free.db'));
    hubs.push(free.hub);
    await free.hub.stop();

    const dbPath = join(fx.dir, 'locked.db');
    locker = fork(LOCKER, [dbPath], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await new Promise<void>((held, failed) => {
      locker!.once('message', () => held());
      locker!.once('exit', (code) => failed(new Error(`the locker exited (${code})`)));
    });
    const locked = await firstAnswer(fx, dbPath);
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
    await hub.waitForLog(/^hub: waiting for the database \(HUB_DB_PATH=.*locked\.db: .*\); the hub path answers 503 meanwhile$/);

    // The lock goes: the hub opens on its own and takes the subscription.
    locker.send('release');
    await expect
      .poll(async () => (await hub.subscribe(TOPICS.atom, fx.callbacks.url('/first'))).status, { timeout: 15_000, interval: 250 })
      .toBe(202);
    await hub.waitForLog(/^hub: the database is open; the hub answers again$/);
  }, 60_000);
});
