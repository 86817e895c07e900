import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError, HubClient, type Resolver } from '../../../functions/hub/safe-client.ts';
import { engineFixture, ENGINES, type HubProcess, inspectStore, TOPICS, type HubFixture } from '../../support/hub-service.ts';

/**
 * docs/interface.md, "WebSub hub": the hub never connects to a non-public address unless
 * HUB_ALLOW_PRIVATE_CALLBACKS=1. The target is a real HTTPS server on
 * 127.0.0.1 that records every request: each attempt must leave it empty.
 */
describe.each(ENGINES)('the hub never reaches loopback (HUB_ALLOW_PRIVATE_CALLBACKS off, %s)', (engine) => {
  let fx: HubFixture;
  let hub: HubProcess;
  let port: string;

  beforeAll(async () => {
    fx = await engineFixture(engine);
    port = new URL(fx.callbacks.origin).port;
    hub = await fx.startHub({
      env: { HUB_ALLOW_PRIVATE_CALLBACKS: '0' },
      // A public-looking name whose DNS answer is loopback.
      hosts: { 'callback.test': '127.0.0.1' },
    });
  });
  afterAll(() => fx?.cleanUp());

  it.each([
    ['decimal', `https://2130706433:PORT/t`],
    ['hex', `https://0x7f000001:PORT/t`],
    ['dotted hex', `https://0x7f.0.0.1:PORT/t`],
    ['octal', `https://0177.0.0.1:PORT/t`],
    ['short', `https://127.1:PORT/t`],
    ['IPv6-mapped', `https://[::ffff:127.0.0.1]:PORT/t`],
    ['IPv6 loopback', `https://[::1]:PORT/t`],
    ['private 10/8', `https://10.0.0.1:PORT/t`],
    ['link-local', `https://169.254.169.254:PORT/t`],
    ['localhost (a name that is always this machine)', `https://localhost:PORT/t`],
    ['a name under .localhost', `https://dev.localhost:PORT/t`],
  ])('refuses a %s callback with 400, naming the setting that allows it for local development', async (_, template) => {
    const answer = await hub.subscribe(TOPICS.atom, template.replace('PORT', port));
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(
      /is not a public address\. For local development, start the hub with HUB_ALLOW_PRIVATE_CALLBACKS=1 \(docs\/hub\.md/,
    );
  });

  it.each([['a name resolving to 127.0.0.1', 'callback.test']])(
    'accepts %s, then refuses to connect at verification time',
    async (_, host) => {
      const callback = `https://${host}:${port}/by-name`;
      expect((await hub.subscribe(TOPICS.atom, callback)).status).toBe(202);
      await hub.waitForLog(
        new RegExp(`subscribe of https://${host.replace('.', '\\.')}.* not verified: .*127\\.0\\.0\\.1, which is not a public address`),
      );
      expect(await inspectStore(fx.store, async (s) => s.subscriptionList())).toEqual([]);
    },
  );

  it('let not one of the attempts above reach the target', () => {
    expect(fx.callbacks.received).toEqual([]);
  });
});

describe.each(ENGINES)('redirects are never followed (HUB_ALLOW_PRIVATE_CALLBACKS on, %s)', (engine) => {
  let fx: HubFixture;
  let hub: HubProcess;
  beforeAll(async () => {
    fx = await engineFixture(engine);
    hub = await fx.startHub();
  });
  afterAll(() => fx?.cleanUp());

  it('neither a verification nor a notification follows a redirect to loopback', async () => {
    const target = fx.callbacks.url('/internal-admin');
    let verifications = 0;
    const callback = fx.callbacks.url('/redirecting', (r) => {
      if (r.method === 'POST') return { status: 307, headers: { location: target } };
      verifications += 1;
      // The first verification is redirected; the second is answered, so a notification follows.
      return verifications === 1
        ? { status: 302, headers: { location: `${target}?${r.query.toString()}` } }
        : { status: 200, body: r.query.get('hub.challenge') ?? '' };
    });
    expect((await hub.subscribe(TOPICS.reviews, callback)).status).toBe(202);
    await hub.waitForLog(/subscribe of .*\/redirecting .* not verified: the callback answered 302/);
    expect((await hub.subscribe(TOPICS.reviews, callback)).status).toBe(202);
    await expect.poll(() => inspectStore(fx.store, async (s) => (await s.subscriptionList()).length)).toBe(1);
    const file = join(fx.distDir, 'client/reviews.json');
    await writeFile(file, JSON.stringify(JSON.parse(await readFile(file, 'utf8')), null, 1));
    expect((await hub.post({ 'hub.mode': 'publish' })).status).toBe(202);
    await expect.poll(() => inspectStore(fx.store, async (s) => (await s.subscriptionList())[0]?.failures)).toBe(1);
    expect(fx.callbacks.to('/redirecting', 'POST')).toHaveLength(1);
    expect(fx.callbacks.to('/internal-admin')).toEqual([]);
  });
});

/** The connector alone, with no store: one run covers both engines. */
describe('the guarded connector', () => {
  let server: Server;
  let connections = 0;
  let port = 0;
  beforeAll(async () => {
    // A plain TCP listener: it counts connections, so any that got through shows even though TLS would then fail.
    server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function attempt(url: string, options: { allowPrivate: boolean; resolve?: Resolver }): Promise<unknown> {
    const client = new HubClient({ timeoutMs: 2_000, connectionsPerOrigin: 1, ...options });
    try {
      await client.send({ method: 'GET', url, maxBodyBytes: 0 });
      return undefined;
    } catch (error) {
      return error;
    } finally {
      await client.destroy();
    }
  }

  it('checks IP literals in every notation, resolved names and IPv6 on every attempt, and connects to none', async () => {
    let lookups = 0;
    const resolve: Resolver = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1' }];
    };
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '[::ffff:7f00:1]',
      '[::1]',
      'localhost',
      'rebind.example',
      'rebind.example',
    ]) {
      const error = await attempt(`https://${host}:${port}/`, { allowPrivate: false, resolve });
      expect(error, host).toBeInstanceOf(Error);
      const cause = (error as Error).cause ?? error;
      expect(cause instanceof BlockedAddressError || error instanceof BlockedAddressError, `${host}: ${String(cause)}`).toBe(true);
    }
    // localhost and both attempts at rebind.example each resolved afresh.
    expect(lookups).toBe(3);
    expect(connections).toBe(0);
  });

  it('does connect when private callbacks are allowed (so the test above is not vacuous)', async () => {
    await attempt(`https://127.0.0.1:${port}/`, { allowPrivate: true });
    expect(connections).toBe(1);
  });
});
