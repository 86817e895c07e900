import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { type HubProcess, engineFixture, ENGINES, inspectStore, TOPICS, type HubFixture } from '../../support/hub-service.ts';

/** What the hub endpoint refuses, and how (docs/interface.md, "WebSub hub": plain-text 4xx). */
describe.each(ENGINES)('hub requests (%s)', (engine) => {
  let fx: HubFixture;
  let hub: HubProcess;

  beforeAll(async () => {
    fx = await engineFixture(engine);
    hub = await fx.startHub({ env: { HUB_MAX_SUBSCRIPTIONS_PER_HOST: '2' } });
  });
  afterAll(() => fx?.cleanUp());

  const ok = () => fx.callbacks.url('/cb');
  const subscribe = (fields: Record<string, string | string[]>) =>
    hub.post({ 'hub.mode': 'subscribe', 'hub.topic': TOPICS.atom, 'hub.callback': ok(), ...fields });

  describe('400 with a plain-text reason', () => {
    it.each([
      ['a plain http: callback', { 'hub.callback': 'http://127.0.0.1/cb' }, 'hub.callback must be an https: URL (plain http: is refused)'],
      ['a malformed callback', { 'hub.callback': 'https://exa mple.com/' }, 'hub.callback is not a valid URL'],
      [
        'a callback with credentials',
        { 'hub.callback': 'https://user:pw@example.com/cb' },
        'hub.callback must not carry a user name or password',
      ],
      [
        'an over-long callback',
        { 'hub.callback': `https://example.com/${'a'.repeat(2_000)}` },
        'hub.callback is longer than 2000 characters',
      ],
      [
        'an unknown topic',
        { 'hub.topic': 'http://localhost:4321/insights.json' },
        'http://localhost:4321/insights.json is not a topic of this hub; the topics are http://localhost:4321/feed.xml, http://localhost:4321/api/feed.json, http://localhost:4321/reviews.json',
      ],
      ['an unknown mode', { 'hub.mode': 'subscribed' }, 'hub.mode must be subscribe, unsubscribe or publish'],
      ['a secret of 200 bytes', { 'hub.secret': 'é'.repeat(100) }, 'hub.secret must be under 200 bytes'],
      ['a lease that is not a number', { 'hub.lease_seconds': '10s' }, 'hub.lease_seconds must be a whole number of seconds'],
      ['a callback given twice', { 'hub.callback': ['https://a.example/', 'https://b.example/'] }, 'hub.callback is given more than once'],
      ['a subscribe without a topic', { 'hub.topic': [] }, 'hub.topic is missing'],
    ])('%s', async (_, fields, reason) => {
      const answer = await subscribe(fields);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(answer.text).toBe(`${reason}\n`);
    });

    it('says everything that is wrong at once', async () => {
      const answer = await hub.post({
        'hub.mode': 'subscribe',
        'hub.callback': 'http://x/',
        'hub.topic': 'https://elsewhere/feed',
        'hub.lease_seconds': '-1',
      });
      expect(answer.status).toBe(400);
      expect(answer.text.trim().split('\n')).toEqual([
        'hub.callback must be an https: URL (plain http: is refused)',
        'hub.lease_seconds must be a whole number of seconds',
      ]);
    });

    it('accepts a 199-byte secret and ignores unknown fields', async () => {
      expect((await subscribe({ 'hub.secret': 'x'.repeat(199), 'hub.verify': 'async', other: '1' })).status).toBe(202);
    });
  });

  describe('HTTP-level refusals', () => {
    it('415 for a body that is not form-encoded', async () => {
      const response = await fetch(`${hub.url}/api/websub/hub`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(415);
    });

    it('413 for a body over the cap, unread', async () => {
      const response = await fetch(`${hub.url}/api/websub/hub`, {
        method: 'POST',
        body: new URLSearchParams({ 'hub.mode': 'publish', pad: 'x'.repeat(20_000) }),
      });
      expect(response.status).toBe(413);
    });

    it('405 with Allow for GET', async () => {
      const response = await fetch(`${hub.url}/api/websub/hub`);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    });
  });

  describe('per-host cap (HUB_MAX_SUBSCRIPTIONS_PER_HOST=2)', () => {
    it('refuses a third subscription for one callback host with 403, still lets the two renew', async () => {
      const mine = (path: string) => fx.callbacks.origin.replace('127.0.0.1', 'localhost') + path;
      for (const path of ['/cap-1', '/cap-2']) {
        fx.callbacks.url(path);
        expect((await hub.subscribe(TOPICS.reviews, mine(path))).status).toBe(202);
      }
      await expect.poll(() => inspectStore(fx.store, async (s) => s.subscriptionCountByHost('localhost', Date.now()))).toBe(2);
      const third = await hub.subscribe(TOPICS.reviews, mine('/cap-3'));
      expect(third.status).toBe(403);
      expect(third.text).toBe('localhost already holds 2 subscriptions, the most one callback host may hold\n');
      expect((await hub.subscribe(TOPICS.reviews, mine('/cap-1'))).status).toBe(202);
    });
  });
});

describe.each(ENGINES)('hub rate limits (HUB_RATE_LIMIT_PER_MIN=3, %s)', (engine) => {
  let fx: HubFixture;
  let hub: HubProcess;
  beforeAll(async () => {
    fx = await engineFixture(engine);
    hub = await fx.startHub({ env: { HUB_RATE_LIMIT_PER_MIN: '3' } });
  });
  afterAll(() => fx?.cleanUp());

  /** A subscribe sent from another loopback address (127.0.0.2 is a different client to the hub). */
  async function subscribeFrom(localAddress: string, callback: string): Promise<{ status: number; retryAfter: string | undefined }> {
    const dispatcher = new Agent({ localAddress });
    try {
      const body = new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.topic': TOPICS.atom, 'hub.callback': callback }).toString();
      const answer = await request(`${hub.url}/api/websub/hub`, {
        method: 'POST',
        dispatcher,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      await answer.body.dump();
      return { status: answer.statusCode, retryAfter: answer.headers['retry-after'] as string | undefined };
    } finally {
      await dispatcher.close();
    }
  }

  it('limits each client address, then each callback host, with 429 and Retry-After', async () => {
    const a = (n: number) => `https://a.example/cb${n}`;
    const b = (n: number) => `https://b.example/cb${n}`;
    // Client 127.0.0.1: three requests for host a, then refused.
    for (const n of [1, 2, 3]) expect((await subscribeFrom('127.0.0.1', a(n))).status).toBe(202);
    const fourth = await subscribeFrom('127.0.0.1', b(1));
    expect(fourth.status).toBe(429);
    expect(Number(fourth.retryAfter)).toBeGreaterThan(0);
    // Client 127.0.0.2 has its own budget, but host a has spent its own.
    expect((await subscribeFrom('127.0.0.2', a(4))).status).toBe(429);
    expect((await subscribeFrom('127.0.0.2', b(2))).status).toBe(202);
  });

  it('limits publishes per client address too', async () => {
    let last = 0;
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${hub.url}/api/websub/hub`, { method: 'POST', body: new URLSearchParams({ 'hub.mode': 'publish' }) });
      last = response.status;
      await response.text();
    }
    expect(last).toBe(429);
  });
});
