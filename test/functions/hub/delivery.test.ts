import { createHmac } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Received } from '../../support/callback-server.ts';
import { HUB_URL, type HubProcess, engineFixture, ENGINES, inspectStore, TOPICS, type HubFixture } from '../../support/hub-service.ts';

const FILES = { [TOPICS.atom]: 'feed.xml', [TOPICS.jsonFeed]: 'api/feed.json', [TOPICS.reviews]: 'reviews.json' } as Record<string, string>;

/** docs/interface.md, "WebSub hub", publishing, delivery and failures, against the real service and real HTTPS callbacks. */
describe.each(ENGINES)('publishing and delivery (%s)', (engine) => {
  let fx: HubFixture;
  let hub: HubProcess;
  let edits = 0;
  const subscriptions = () => inspectStore(fx.store, async (s) => s.subscriptionList());
  const posts = (path: string): Received[] => fx.callbacks.to(path, 'POST');

  /** Changes a topic's built bytes (the reviews dataset stays valid: only its layout changes). */
  async function change(topic: string): Promise<Buffer> {
    const file = join(fx.distDir, 'client', FILES[topic] as string);
    const text = await readFile(file, 'utf8');
    edits += 1;
    const next =
      topic === TOPICS.reviews
        ? JSON.stringify(JSON.parse(text), null, edits % 2 === 0 ? 1 : 2)
        : topic === TOPICS.atom
          ? `${text}<!-- edit ${edits} -->\n`
          : `${text.trimEnd()}${' '.repeat(edits)}\n`;
    await writeFile(file, next);
    return Buffer.from(next);
  }

  async function subscribed(
    topic: string,
    path: string,
    extra: Record<string, string> = {},
    behaviour?: Parameters<HubFixture['callbacks']['url']>[1],
  ): Promise<string> {
    const callback = fx.callbacks.url(path, behaviour);
    expect((await hub.subscribe(topic, callback, extra)).status).toBe(202);
    await expect.poll(async () => (await subscriptions()).some((s) => s.callback === callback && s.topic === topic)).toBe(true);
    return callback;
  }

  const publish = async (...urls: string[]) => expect((await hub.post({ 'hub.mode': 'publish', 'hub.url': urls })).status).toBe(202);

  beforeAll(async () => {
    fx = await engineFixture(engine);
    hub = await fx.startHub();
  });
  afterAll(() => fx?.cleanUp());

  describe('a change', () => {
    it('is POSTed byte for byte to the subscribers of each changed topic, with the served Content-Type, one Link header, and a signature only with a secret', async () => {
      await subscribed(TOPICS.atom, '/atom-signed', { 'hub.secret': 's3cret ✓' });
      await subscribed(TOPICS.jsonFeed, '/json');
      await subscribed(TOPICS.reviews, '/reviews');
      const bodies = { atom: await change(TOPICS.atom), json: await change(TOPICS.jsonFeed), reviews: await change(TOPICS.reviews) };
      await publish();
      await fx.callbacks.waitFor(() => ['/atom-signed', '/json', '/reviews'].every((p) => posts(p).length === 1), 'one notification each');
      const checks = [
        ['/atom-signed', TOPICS.atom, bodies.atom],
        ['/json', TOPICS.jsonFeed, bodies.json],
        ['/reviews', TOPICS.reviews, bodies.reviews],
      ] as const;
      for (const [path, topic, body] of checks) {
        const [notification] = posts(path);
        const served = await fetch(hub.url + new URL(topic).pathname);
        const servedBody = Buffer.from(await served.arrayBuffer());
        expect(servedBody.equals(body), `${topic} is served with the new bytes`).toBe(true);
        expect(notification!.body.equals(body), `${path} got the exact bytes`).toBe(true);
        expect(notification!.headers['content-type']).toBe(served.headers.get('content-type'));
        expect(notification!.headers.link).toBe(`<${HUB_URL}>; rel="hub", <${topic}>; rel="self"`);
      }
      expect(posts('/atom-signed')[0]!.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(posts('/json')[0]!.headers['content-type']).toBe('application/feed+json; charset=utf-8');
      expect(posts('/reviews')[0]!.headers['content-type']).toBe('application/json; charset=utf-8');
      const expected = `sha256=${createHmac('sha256', 's3cret ✓').update(bodies.atom).digest('hex')}`;
      expect(posts('/atom-signed')[0]!.headers['x-hub-signature']).toBe(expected);
      expect(posts('/json')[0]!.headers).not.toHaveProperty('x-hub-signature');
    });

    it('delivers nothing when a publish finds no topic changed', async () => {
      const before = fx.callbacks.received.length;
      // A publish is answered once its changes are queued: this one queued nothing, so nothing can be sent.
      const answer = await hub.post({ 'hub.mode': 'publish' });
      expect(answer.status).toBe(202);
      expect(answer.text).toBe('Published: no topic changed since the last publish.\n');
      expect(await inspectStore(fx.store, async (s) => s.deliveryCount())).toBe(0);
      expect(fx.callbacks.received.length).toBe(before);
    });

    it('looks only at the topics a publish names', async () => {
      await change(TOPICS.atom);
      await change(TOPICS.jsonFeed);
      const [atom, json] = [posts('/atom-signed').length, posts('/json').length];
      const answer = await hub.post({ 'hub.mode': 'publish', 'hub.url': TOPICS.atom });
      expect(answer.text).toBe(`Published: ${TOPICS.atom} is pushed to 1 subscriber.\n`);
      await fx.callbacks.waitFor(() => posts('/atom-signed').length === atom + 1, 'the atom notification');
      await expect.poll(() => inspectStore(fx.store, async (s) => s.deliveryCount()), { timeout: 10_000 }).toBe(0);
      expect(posts('/json').length).toBe(json);
      await publish();
      await fx.callbacks.waitFor(() => posts('/json').length === json + 1, 'the JSON Feed notification');
    });

    it('replaces a still-pending older change with the newer one', async () => {
      let attempts = 0;
      // The first attempt's 503 is held until the newer change is published: that change lands while it is in flight.
      const newerPublished = Promise.withResolvers<void>();
      await subscribed(TOPICS.jsonFeed, '/slow-then-ok', {}, (r) => {
        if (r.method === 'GET') return { status: 200, body: r.query.get('hub.challenge') ?? '' };
        attempts += 1;
        return attempts === 1 ? { status: 503, until: newerPublished.promise } : { status: 204 };
      });
      await change(TOPICS.jsonFeed);
      await publish(TOPICS.jsonFeed);
      await fx.callbacks.waitFor(() => posts('/slow-then-ok').length === 1, 'the first attempt');
      const newest = await change(TOPICS.jsonFeed);
      const mark = hub.logs.length;
      await publish(TOPICS.jsonFeed);
      await hub.waitForLog(/published .*feed\.json/, 10_000, mark);
      newerPublished.resolve();
      await fx.callbacks.waitFor(() => posts('/slow-then-ok').length === 2, 'the retry');
      expect(posts('/slow-then-ok')[1]!.body.equals(newest)).toBe(true);
      await expect.poll(() => inspectStore(fx.store, async (s) => s.deliveryCount()), { timeout: 10_000 }).toBe(0);
      expect(posts('/slow-then-ok')).toHaveLength(2);
    });
  });

  describe('failures', () => {
    it('removes a subscription after 3 consecutive failures, with a hub.mode=denied GET', async () => {
      const callback = await subscribed(TOPICS.reviews, '/always-500', {}, (r) =>
        r.method === 'GET' ? { status: 200, body: r.query.get('hub.challenge') ?? '' } : { status: 500 },
      );
      await change(TOPICS.reviews);
      await publish(TOPICS.reviews);
      await fx.callbacks.waitFor(() => fx.callbacks.to('/always-500').some((r) => r.query.get('hub.mode') === 'denied'), 'the denied GET');
      expect(posts('/always-500')).toHaveLength(3);
      const [first, second, third] = posts('/always-500').map((r) => r.at);
      // HUB_RETRY_DELAYS_MS=100,200 in these tests.
      expect(second! - first!).toBeGreaterThanOrEqual(90);
      expect(third! - second!).toBeGreaterThanOrEqual(190);
      expect((await subscriptions()).some((s) => s.callback === callback)).toBe(false);
      const denied = fx.callbacks.to('/always-500', 'GET').at(-1)!;
      expect(denied.query.get('hub.topic')).toBe(TOPICS.reviews);
      expect(denied.query.get('hub.reason')).toMatch(/500/);
    });

    it('removes a subscription at once on 410', async () => {
      const callback = await subscribed(TOPICS.reviews, '/gone', {}, (r) =>
        r.method === 'GET' ? { status: 200, body: r.query.get('hub.challenge') ?? '' } : { status: 410 },
      );
      await change(TOPICS.reviews);
      await publish(TOPICS.reviews);
      await expect.poll(async () => (await subscriptions()).some((s) => s.callback === callback)).toBe(false);
      expect(posts('/gone')).toHaveLength(1);
    });

    it('counts a timeout as a failure and resets the count on a 2xx', async () => {
      // The first answer is held until the hub has given up on it (its retry arrives), not for a time that a loaded machine might outlast.
      const retried = Promise.withResolvers<void>();
      const answers = [
        { status: 204, until: retried.promise },
        { status: 502 },
        { status: 204 },
        { status: 503 },
        { status: 503 },
        { status: 204 },
      ];
      let i = 0;
      const callback = await subscribed(TOPICS.atom, '/flaky', {}, (r) =>
        r.method === 'GET' ? { status: 200, body: r.query.get('hub.challenge') ?? '' } : (answers[i++] ?? { status: 204 }),
      );
      void fx.callbacks.waitFor(() => posts('/flaky').length >= 2, 'the retry after the timeout', 15_000).finally(() => retried.resolve());
      await change(TOPICS.atom);
      await publish(TOPICS.atom);
      await fx.callbacks.waitFor(() => posts('/flaky').length === 3, 'timeout, 502, 204', 15_000);
      await expect.poll(async () => (await subscriptions()).find((s) => s.callback === callback)?.failures).toBe(0);
      await change(TOPICS.atom);
      await publish(TOPICS.atom);
      // Two more failures after the reset are not three in a row.
      await fx.callbacks.waitFor(() => posts('/flaky').length === 6, 'two 503 and a 204');
      await expect.poll(async () => (await subscriptions()).find((s) => s.callback === callback)?.failures).toBe(0);
    });
  });

  describe('leases and renewals', () => {
    it('never notifies a subscription whose lease ran out, and removes it', async () => {
      const callback = await subscribed(TOPICS.reviews, '/short-lease', { 'hub.lease_seconds': '1' });
      const expiresAt = (await subscriptions()).find((s) => s.callback === callback)!.expiresAt;
      await expect.poll(() => Date.now() > expiresAt, { timeout: 5_000, interval: 50 }).toBe(true);
      await change(TOPICS.reviews);
      await publish(TOPICS.reviews);
      await expect.poll(async () => (await subscriptions()).some((s) => s.callback === callback)).toBe(false);
      // Drained: nothing is left that could still reach it.
      await expect.poll(() => inspectStore(fx.store, async (s) => s.deliveryCount()), { timeout: 10_000 }).toBe(0);
      expect(posts('/short-lease')).toEqual([]);
    });

    it('sends one notification per change to a subscription renewed twice', async () => {
      const callback = await subscribed(TOPICS.reviews, '/renewed');
      for (const secret of ['a', 'b']) {
        await hub.subscribe(TOPICS.reviews, callback, { 'hub.secret': secret });
        await expect.poll(async () => (await subscriptions()).find((s) => s.callback === callback)?.secret).toBe(secret);
      }
      const body = await change(TOPICS.reviews);
      await publish(TOPICS.reviews);
      await fx.callbacks.waitFor(() => posts('/renewed').length === 1, 'the notification');
      await expect.poll(() => inspectStore(fx.store, async (s) => s.deliveryCount()), { timeout: 10_000 }).toBe(0);
      expect(posts('/renewed')).toHaveLength(1);
      expect(posts('/renewed')[0]!.body.equals(body)).toBe(true);
      expect(posts('/renewed')[0]!.headers['x-hub-signature']).toBe(`sha256=${createHmac('sha256', 'b').update(body).digest('hex')}`);
    });
  });
});
