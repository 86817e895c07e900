import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFixture, ENGINES, type HubProcess, inspectStore, TOPICS, type HubFixture } from '../../support/hub-service.ts';

const SLOW = 100;
const HEALTHY = 200;
/** The healthy callbacks' hosts: 20 names, 10 callbacks each. */
const HEALTHY_HOSTS = Array.from({ length: 20 }, (_, i) => `h${i}.test`);
const NAMES = ['slow.test', ...HEALTHY_HOSTS];

/**
 * Issue 33, item 3: one callback host holding 100 subscriptions whose
 * callbacks answer after 60 s must not hold up the other hosts' pushes.
 * Real HTTPS callbacks; the host names resolve to 127.0.0.1 for the hub.
 * The delivery timeout is the default 10 s: with deliveries claimed by due
 * time alone, 32 at a time, the healthy pushes arrived 30 s after the publish.
 */
describe.each(ENGINES)('fair deliveries across callback hosts (%s)', (engine) => {
  let fx: HubFixture;
  let hub: HubProcess;
  /** Releases the slow callbacks' held answers at the end (they would answer after 60 s). */
  let release: () => void = () => {};
  const held = new Promise<void>((done) => (release = done));

  beforeAll(async () => {
    fx = await engineFixture(engine, { names: NAMES });
    hub = await fx.startHub({
      env: { HUB_DELIVERY_TIMEOUT_MS: '10000' },
      hosts: Object.fromEntries(NAMES.map((name) => [name, '127.0.0.1'])),
    });
  }, 60_000);
  afterAll(async () => {
    release();
    await fx?.cleanUp();
  });

  it('gets every healthy push out within 5 s of the publish while 100 callbacks on one host hang', async () => {
    const port = new URL(fx.callbacks.origin).port;
    const slowAnswer = { status: 204, until: held };
    const callbacks: { url: string; slow: boolean }[] = [];
    for (let i = 0; i < SLOW; i++) {
      const url = fx.callbacks.url(`/slow/${i}`, (r) =>
        r.method === 'GET' ? { status: 200, body: r.query.get('hub.challenge') ?? '' } : slowAnswer,
      );
      callbacks.push({ url: url.replace('127.0.0.1', 'slow.test'), slow: true });
    }
    for (let i = 0; i < HEALTHY; i++) {
      const url = fx.callbacks.url(`/healthy/${i}`);
      callbacks.push({ url: url.replace('127.0.0.1', HEALTHY_HOSTS[i % HEALTHY_HOSTS.length] as string), slow: false });
    }
    expect(callbacks[0]?.url).toBe(`https://slow.test:${port}/slow/0`);
    // The slow host's subscriptions first: their deliveries are the oldest in the queue.
    for (const { url } of callbacks) expect((await hub.subscribe(TOPICS.atom, url)).status).toBe(202);
    await expect
      .poll(() => inspectStore(fx.store, async (s) => (await s.subscriptionList()).length), { timeout: 30_000, interval: 200 })
      .toBe(SLOW + HEALTHY);

    const file = join(fx.distDir, 'client/feed.xml');
    await writeFile(file, `${await readFile(file, 'utf8')}<!-- fairness -->\n`);
    const published = Date.now();
    expect((await hub.post({ 'hub.mode': 'publish' })).status).toBe(202);
    const healthyPosts = () => fx.callbacks.received.filter((r) => r.method === 'POST' && r.path.startsWith('/healthy/'));
    await fx.callbacks.waitFor(() => healthyPosts().length >= HEALTHY, 'every healthy push', 15_000);
    const last = Math.max(...healthyPosts().map((r) => r.at));
    expect(new Set(healthyPosts().map((r) => r.path)).size).toBe(HEALTHY);
    expect(last - published).toBeLessThan(5_000);
    // The slow host held at most its share of the slots (4 of the default 32).
    const slowPosts = fx.callbacks.received.filter((r) => r.method === 'POST' && r.path.startsWith('/slow/'));
    expect(slowPosts.length).toBeGreaterThan(0);
    expect(slowPosts.length).toBeLessThanOrEqual(4);
  }, 90_000);
});
