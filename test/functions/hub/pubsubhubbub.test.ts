import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFixture, ENGINES, type HubProcess, TOPICS, type HubFixture } from '../../support/hub-service.ts';

/** The part of the npm `pubsubhubbub` subscriber (v1, CommonJS, untyped) this test drives. */
interface Subscriber {
  listener(): (req: IncomingMessage, res: ServerResponse) => void;
  subscribe(topic: string, hub: string, callback: (error: Error | null, topic?: string) => void): void;
  on(event: 'subscribe', listener: (data: { topic: string; lease: number }) => void): void;
  on(event: 'feed', listener: (data: { topic: string; hub: string; feed: Buffer; headers: IncomingMessage['headers'] }) => void): void;
}
const pubsubhubbub = createRequire(import.meta.url)('pubsubhubbub') as { createServer(options: { callbackUrl: string }): Subscriber };

/**
 * An independent subscriber implementation against our hub: it subscribes
 * (form POST), answers the verification itself and parses the notification's
 * Link header. No secret: this library sends HMAC(secret, topic) as
 * hub.secret but checks signatures with the raw secret, so it would
 * discard every signed notification whatever the hub did.
 */
describe.each(ENGINES)('the npm pubsubhubbub client (%s)', (engine) => {
  let fx: HubFixture;
  let hub: HubProcess;
  let server: Server;
  let subscriber: Subscriber;
  let callbackUrl: string;

  beforeAll(async () => {
    fx = await engineFixture(engine);
    hub = await fx.startHub();
    let listener: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
    server = createServer({ key: fx.pki.key, cert: fx.pki.cert }, (req, res) => listener?.(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    callbackUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/pubsub`;
    subscriber = pubsubhubbub.createServer({ callbackUrl });
    listener = subscriber.listener();
  });
  afterAll(async () => {
    await hub?.stop();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await fx?.cleanUp();
  });

  it('subscribes, verifies and receives a notification', async () => {
    const verified = new Promise<{ topic: string; lease: number }>((resolve) => subscriber.on('subscribe', resolve));
    const accepted = await new Promise<string | undefined>((resolve, reject) =>
      subscriber.subscribe(TOPICS.atom, `${hub.url}/api/websub/hub`, (error, topic) => (error ? reject(error) : resolve(topic))),
    );
    expect(accepted).toBe(TOPICS.atom);
    const subscription = await verified;
    expect(subscription.topic).toBe(TOPICS.atom);
    expect(subscription.lease).toBeGreaterThan(Date.now() / 1000);
    // The library hears the verification before the hub records its outcome (on Postgres, a round trip later): a
    // publish in between would find no subscriber.
    await hub.waitForLog(/^hub: subscribe of https:\/\/127\.0\.0\.1:\d+\/pubsub\?.* verified: activated$/);

    const notified = new Promise<{ topic: string; hub: string; feed: Buffer; headers: IncomingMessage['headers'] }>((resolve) =>
      subscriber.on('feed', resolve),
    );
    const file = join(fx.distDir, 'client/feed.xml');
    const body = Buffer.from(`${await readFile(file, 'utf8')}<!-- changed -->\n`);
    await writeFile(file, body);
    expect((await hub.post({ 'hub.mode': 'publish', 'hub.url': TOPICS.atom })).status).toBe(202);
    const notification = await notified;
    expect(notification.topic).toBe(TOPICS.atom);
    expect(notification.hub).toBe('http://localhost:4321/api/websub/hub');
    expect(notification.feed.equals(body)).toBe(true);
    expect(notification.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  });
});
