import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubProcess, hubFixture, inspectStore, TOPICS, type HubFixture } from '../../support/hub-service.ts';

const SUBSCRIBERS = 60;
/** Slow acknowledgements and few at once, so the fan-out lasts seconds and a kill lands in its middle. */
const ENV = { HUB_DELIVERY_CONCURRENCY: '4', HUB_DELIVERY_TIMEOUT_MS: '1000' };

/** Contract section 4 and the item 6: kill -9 at any moment loses no subscription and no notification. */
describe('kill -9 and restart', () => {
  let fx: HubFixture;
  let hub: HubProcess | undefined;
  const start = () => HubProcess.start({ distDir: fx.distDir, dbPath: fx.dbPath, caFile: fx.pki.caFile, env: ENV });

  beforeAll(async () => {
    fx = await hubFixture();
  });
  afterAll(async () => {
    await hub?.stop();
    await fx?.cleanUp();
  });

  it('in the middle of a fan-out: after the restart every subscriber still receives the content', async () => {
    hub = await start();
    const paths = Array.from({ length: SUBSCRIBERS }, (_, i) => `/fan-${i}`);
    for (const path of paths) {
      fx.callbacks.url(path, (r) =>
        r.method === 'GET' ? { status: 200, body: r.query.get('hub.challenge') ?? '' } : { status: 204, delayMs: 150 },
      );
      expect((await hub.subscribe(TOPICS.reviews, fx.callbacks.origin + path)).status).toBe(202);
    }
    await expect.poll(() => inspectStore(fx.dbPath, (s) => s.subscriptionList().length), { timeout: 15_000 }).toBe(SUBSCRIBERS);

    const file = join(fx.distDir, 'client/reviews.json');
    const body = Buffer.from(JSON.stringify(JSON.parse(await readFile(file, 'utf8')), null, 1));
    await writeFile(file, body);
    expect((await hub.post({ 'hub.mode': 'publish' })).status).toBe(202);
    const delivered = () => new Set(fx.callbacks.received.filter((r) => r.method === 'POST').map((r) => r.path));
    await fx.callbacks.waitFor(() => delivered().size >= 10, 'the fan-out to be under way');
    await hub.kill();
    const beforeRestart = delivered().size;
    expect(beforeRestart).toBeLessThan(SUBSCRIBERS);
    expect(inspectStore(fx.dbPath, (s) => s.deliveryCount())).toBeGreaterThan(0);

    hub = await start();
    await fx.callbacks.waitFor(() => delivered().size === SUBSCRIBERS, 'every subscriber to be notified after the restart', 20_000);
    for (const path of paths) {
      for (const post of fx.callbacks.to(path, 'POST')) expect(post.body.equals(body), path).toBe(true);
    }
    await expect.poll(() => inspectStore(fx.dbPath, (s) => s.deliveryCount())).toBe(0);
    // At least once: only attempts cut off by the kill may arrive twice.
    const posts = fx.callbacks.received.filter((r) => r.method === 'POST').length;
    expect(posts - SUBSCRIBERS).toBeLessThanOrEqual(Number(ENV.HUB_DELIVERY_CONCURRENCY) + 10);
    await hub.stop();
    hub = undefined;
  });

  it('between a 202 and its verification: the restarted hub verifies it with a fresh challenge', async () => {
    hub = await start();
    let verifications = 0;
    const callback = fx.callbacks.url('/slow-verifier', (r) => {
      verifications += 1;
      // The first verification is held until after the kill; its answer never reaches the dead hub.
      return { status: 200, body: r.query.get('hub.challenge') ?? '', delayMs: verifications === 1 ? 1_500 : 0 };
    });
    expect((await hub.subscribe(TOPICS.atom, callback)).status).toBe(202);
    await fx.callbacks.waitFor((r) => r.some((x) => x.path === '/slow-verifier'), 'the first verification');
    await hub.kill();
    hub = await start();
    await expect.poll(() => inspectStore(fx.dbPath, (s) => s.subscriptionGet(TOPICS.atom, callback)), { timeout: 15_000 }).toBeDefined();
    const [first, second] = fx.callbacks.to('/slow-verifier').map((r) => r.query.get('hub.challenge'));
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });
});
