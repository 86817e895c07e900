import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubProcess, engineFixture, ENGINES, inspectStore, TOPICS, type HubFixture } from '../../support/hub-service.ts';

const SUBSCRIBERS = 60;
const ACKED = 10;
const CONCURRENCY = 4;
/** Few attempts at once, so the held ones fill every slot and the kill lands in the middle of the fan-out. */
const ENV = { HUB_DELIVERY_CONCURRENCY: String(CONCURRENCY), HUB_DELIVERY_TIMEOUT_MS: '1000' };

/** docs/interface.md, "WebSub hub" and the item 6: kill -9 at any moment loses no subscription and no notification. */
describe.each(ENGINES)('kill -9 and restart (%s)', (engine) => {
  let fx: HubFixture;
  let hub: HubProcess | undefined;
  const start = () => fx.startHub({ env: ENV });

  beforeAll(async () => {
    fx = await engineFixture(engine);
  });
  afterAll(() => fx?.cleanUp());

  it('in the middle of a fan-out: after the restart every subscriber still receives the content', async () => {
    hub = await start();
    // The first ACKED notifications are acknowledged at once; the rest are held until the hub is dead, so the kill
    // lands with ACKED done, HUB_DELIVERY_CONCURRENCY attempts in flight and the rest not sent, whatever the machine's load.
    const held = Promise.withResolvers<void>();
    let posts = 0;
    const paths = Array.from({ length: SUBSCRIBERS }, (_, i) => `/fan-${i}`);
    for (const path of paths) {
      fx.callbacks.url(path, (r) => {
        if (r.method === 'GET') return { status: 200, body: r.query.get('hub.challenge') ?? '' };
        posts += 1;
        return posts <= ACKED ? { status: 204 } : { status: 204, until: held.promise };
      });
      expect((await hub.subscribe(TOPICS.reviews, fx.callbacks.origin + path)).status).toBe(202);
    }
    await expect
      .poll(() => inspectStore(fx.store, async (s) => (await s.subscriptionList()).length), { timeout: 15_000 })
      .toBe(SUBSCRIBERS);

    const file = join(fx.distDir, 'client/reviews.json');
    const body = Buffer.from(JSON.stringify(JSON.parse(await readFile(file, 'utf8')), null, 1));
    await writeFile(file, body);
    expect((await hub.post({ 'hub.mode': 'publish' })).status).toBe(202);
    const delivered = () => new Set(fx.callbacks.received.filter((r) => r.method === 'POST').map((r) => r.path));
    await fx.callbacks.waitFor(() => posts >= ACKED + CONCURRENCY, 'the fan-out to fill every slot with a held attempt', 20_000);
    await hub.kill();
    held.resolve();
    expect(delivered().size).toBeLessThan(SUBSCRIBERS);
    expect(await inspectStore(fx.store, async (s) => s.deliveryCount())).toBeGreaterThan(0);

    hub = await start();
    // Drained: every row acknowledged and recorded, the dead process's claims (free after 2 × timeout + 1 s) included.
    await expect.poll(() => inspectStore(fx.store, async (s) => s.deliveryCount()), { timeout: 30_000, interval: 100 }).toBe(0);
    expect(delivered().size).toBe(SUBSCRIBERS);
    for (const path of paths) {
      for (const post of fx.callbacks.to(path, 'POST')) expect(post.body.equals(body), path).toBe(true);
    }
    // At least once: only the attempts the kill cut off, and acknowledgements it kept from being recorded, arrive twice.
    const all = fx.callbacks.received.filter((r) => r.method === 'POST').length;
    expect(all - SUBSCRIBERS).toBeLessThanOrEqual(ACKED + CONCURRENCY);
    await hub.stop();
    hub = undefined;
  });

  it('between a 202 and its verification: the restarted hub verifies it with a fresh challenge', async () => {
    hub = await start();
    let verifications = 0;
    const held = Promise.withResolvers<void>();
    const callback = fx.callbacks.url('/slow-verifier', (r) => {
      verifications += 1;
      // The first verification is held until the hub is dead; its answer never reaches it.
      return { status: 200, body: r.query.get('hub.challenge') ?? '', ...(verifications === 1 ? { until: held.promise } : {}) };
    });
    expect((await hub.subscribe(TOPICS.atom, callback)).status).toBe(202);
    await fx.callbacks.waitFor((r) => r.some((x) => x.path === '/slow-verifier'), 'the first verification');
    await hub.kill();
    held.resolve();
    hub = await start();
    await expect
      .poll(() => inspectStore(fx.store, async (s) => s.subscriptionGet(TOPICS.atom, callback)), { timeout: 15_000 })
      .toBeDefined();
    const [first, second] = fx.callbacks.to('/slow-verifier').map((r) => r.query.get('hub.challenge'));
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });
});
