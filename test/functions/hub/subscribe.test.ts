import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubProcess, engineFixture, ENGINES, inspectStore, TOPICS, type HubFixture } from '../../support/hub-service.ts';

/** The subscription's states (docs/interface.md, "WebSub hub"; docs/hub.md), against the real service and a real HTTPS callback. */
describe.each(ENGINES)('subscribing to the hub (%s)', (engine) => {
  let fx: HubFixture;
  let hub: HubProcess;
  const subscriptions = () => inspectStore(fx.store, async (s) => s.subscriptionList());

  beforeAll(async () => {
    fx = await engineFixture(engine);
    hub = await fx.startHub({ env: { HUB_LEASE_MIN_S: '60', HUB_LEASE_MAX_S: '7200', HUB_LEASE_DEFAULT_S: '3600' } });
  });
  afterAll(() => fx?.cleanUp());

  describe('none → pending verification → active', () => {
    it('answers 202 before the verification GET, which carries mode, topic, a fresh challenge and the granted lease', async () => {
      const callback = fx.callbacks.url('/ok?feed=atom&x=a%2Fb');
      const answer = await hub.subscribe(TOPICS.atom, callback, { 'hub.lease_seconds': '999999', 'hub.unknown': 'ignored' });
      const answeredAt = Date.now();
      expect(answer.status).toBe(202);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      await fx.callbacks.waitFor((r) => r.some((x) => x.path === '/ok'), 'the verification GET');
      const [verification] = fx.callbacks.to('/ok');
      expect(verification?.method).toBe('GET');
      expect(verification?.at).toBeGreaterThanOrEqual(answeredAt - 5);
      const query = verification?.query;
      // The callback's own query is kept as it was, the hub's parameters appended.
      expect(query?.get('feed')).toBe('atom');
      expect(query?.get('x')).toBe('a/b');
      expect(query?.get('hub.mode')).toBe('subscribe');
      expect(query?.get('hub.topic')).toBe(TOPICS.atom);
      expect(query?.get('hub.lease_seconds')).toBe('7200');
      expect(query?.get('hub.challenge')).toMatch(/^[\w-]{32}$/);
      await expect
        .poll(subscriptions)
        .toEqual([expect.objectContaining({ topic: TOPICS.atom, callback, leaseSeconds: 7200, failures: 0 })]);
      const [sub] = await subscriptions();
      // The lease runs from the verification request.
      expect(sub!.expiresAt - sub!.verifiedAt).toBe(7_200_000);
      expect(Math.abs(sub!.verifiedAt - (verification?.at ?? 0))).toBeLessThan(1_000);
    });

    it('grants the default lease when none is asked and the minimum for a too-short one', async () => {
      await hub.subscribe(TOPICS.jsonFeed, fx.callbacks.url('/lease-default'));
      await hub.subscribe(TOPICS.jsonFeed, fx.callbacks.url('/lease-short'), { 'hub.lease_seconds': '5' });
      await fx.callbacks.waitFor((r) => r.filter((x) => x.path.startsWith('/lease-')).length === 2, 'two verifications');
      expect(fx.callbacks.to('/lease-default')[0]?.query.get('hub.lease_seconds')).toBe('3600');
      expect(fx.callbacks.to('/lease-short')[0]?.query.get('hub.lease_seconds')).toBe('60');
    });

    it('uses a fresh challenge for every verification', async () => {
      const callback = fx.callbacks.url('/fresh');
      await hub.subscribe(TOPICS.reviews, callback);
      await fx.callbacks.waitFor((r) => r.filter((x) => x.path === '/fresh').length === 1, 'first verification');
      await hub.subscribe(TOPICS.reviews, callback);
      await fx.callbacks.waitFor((r) => r.filter((x) => x.path === '/fresh').length === 2, 'second verification');
      const [a, b] = fx.callbacks.to('/fresh').map((r) => r.query.get('hub.challenge'));
      expect(a).not.toBe(b);
    });
  });

  describe('pending verification → rejected', () => {
    it.each([
      ['a non-2xx status (404)', { status: 404, body: 'x' }],
      ['a 2xx without the challenge', { status: 200, body: 'ok' }],
      ['a 2xx with the challenge and more', { status: 200, bodySuffix: '\n' }],
      ['a redirect (never followed)', { status: 302, redirect: true }],
      ['a 500', { status: 500, bodySuffix: '' }],
    ])('refuses on %s', async (_name, how) => {
      const path = `/refuse-${Math.random().toString(36).slice(2)}`;
      const target = `/target-${path.slice(8)}`;
      fx.callbacks.url(target);
      const callback = fx.callbacks.url(path, (r) => {
        const challenge = r.query.get('hub.challenge') ?? '';
        if ('redirect' in how) return { status: 302, headers: { location: fx.callbacks.origin + target + '?' + r.query.toString() } };
        return { status: how.status, body: 'bodySuffix' in how ? challenge + how.bodySuffix : (how.body ?? '') };
      });
      expect((await hub.subscribe(TOPICS.atom, callback)).status).toBe(202);
      await hub.waitForLog(new RegExp(`subscribe of ${callback.replace(/[.?]/g, '\\$&')} .* not verified`));
      expect((await subscriptions()).some((s) => s.callback === callback)).toBe(false);
      expect(fx.callbacks.to(target)).toEqual([]);
    });
  });

  describe('renewal', () => {
    it('replaces secret and lease only once the new verification succeeds', async () => {
      let confirm = true;
      const callback = fx.callbacks.url('/renew', (r) =>
        confirm || r.method !== 'GET' ? { status: 200, body: r.query.get('hub.challenge') ?? '' } : { status: 403 },
      );
      await hub.subscribe(TOPICS.reviews, callback, { 'hub.secret': 'first', 'hub.lease_seconds': '3600' });
      await expect.poll(async () => (await subscriptions()).find((s) => s.callback === callback)?.secret).toBe('first');
      confirm = false;
      await hub.subscribe(TOPICS.reviews, callback, { 'hub.secret': 'second', 'hub.lease_seconds': '7000' });
      await hub.waitForLog(/subscribe of .*\/renew .* not verified/);
      expect((await subscriptions()).find((s) => s.callback === callback)).toMatchObject({ secret: 'first', leaseSeconds: 3600 });
      confirm = true;
      await hub.subscribe(TOPICS.reviews, callback, { 'hub.secret': 'second', 'hub.lease_seconds': '7000' });
      await expect
        .poll(async () => (await subscriptions()).find((s) => s.callback === callback))
        .toMatchObject({ secret: 'second', leaseSeconds: 7000 });
      expect((await subscriptions()).filter((s) => s.callback === callback)).toHaveLength(1);
    });
  });

  describe('active → none (unsubscribe)', () => {
    it('keeps the subscription when the unsubscribe is not confirmed, removes it when it is', async () => {
      let confirmUnsubscribe = false;
      const callback = fx.callbacks.url('/leaving', (r) =>
        r.query.get('hub.mode') === 'unsubscribe' && !confirmUnsubscribe
          ? { status: 404 }
          : { status: 200, body: r.query.get('hub.challenge') ?? '' },
      );
      await hub.subscribe(TOPICS.jsonFeed, callback);
      await expect.poll(async () => (await subscriptions()).some((s) => s.callback === callback)).toBe(true);
      const unsubscribe = { 'hub.mode': 'unsubscribe', 'hub.topic': TOPICS.jsonFeed, 'hub.callback': callback };
      expect((await hub.post(unsubscribe)).status).toBe(202);
      await hub.waitForLog(/unsubscribe of .*\/leaving .* not verified/);
      expect((await subscriptions()).some((s) => s.callback === callback)).toBe(true);
      confirmUnsubscribe = true;
      expect((await hub.post(unsubscribe)).status).toBe(202);
      await expect.poll(async () => (await subscriptions()).some((s) => s.callback === callback)).toBe(false);
      const last = fx.callbacks.to('/leaving').at(-1);
      expect(last?.query.get('hub.mode')).toBe('unsubscribe');
      expect(last?.query.has('hub.lease_seconds')).toBe(false);
    });

    it('answers 202 to an unsubscribe of nothing and sends no request anywhere', async () => {
      const callback = fx.callbacks.url('/never-subscribed');
      const answer = await hub.post({ 'hub.mode': 'unsubscribe', 'hub.topic': TOPICS.atom, 'hub.callback': callback });
      expect(answer.status).toBe(202);
      expect(answer.text).toBe('Unsubscribe accepted: there is no such subscription.\n');
      // Nothing was queued, so nothing will be sent (a verification is a row before it is a GET).
      expect(await inspectStore(fx.store, async (s) => s.verificationPending(TOPICS.atom, callback))).toBe(false);
      expect(fx.callbacks.to('/never-subscribed')).toEqual([]);
    });
  });
});
