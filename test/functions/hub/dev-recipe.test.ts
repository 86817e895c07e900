import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFixture, ENGINES, TOPICS, type HubFixture } from '../../support/hub-service.ts';

/**
 * Issue 32, item 4: the hub in development, as docs/hub.md ("Local
 * development") says: `HUB_ALLOW_PRIVATE_CALLBACKS=1` and
 * `NODE_EXTRA_CA_CERTS` naming the local CA, with a real self-signed HTTPS
 * callback on 127.0.0.1; and what each half of the recipe says when it is missing.
 */
describe.each(ENGINES)('the hub in development (%s)', (engine) => {
  let fx: HubFixture;
  beforeAll(async () => {
    fx = await engineFixture(engine);
  });
  afterAll(() => fx?.cleanUp());

  it('with the recipe: a callback on 127.0.0.1 with a certificate from the local CA is verified and gets the push', async () => {
    const hub = await fx.startHub({ env: { HUB_ALLOW_PRIVATE_CALLBACKS: '1', NODE_EXTRA_CA_CERTS: fx.pki.caFile } });
    const callback = fx.callbacks.url('/dev/cb');
    expect(callback).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/dev\/cb$/);
    expect((await hub.subscribe(TOPICS.atom, callback)).status).toBe(202);
    await hub.waitForLog(/subscribe of https:\/\/127\.0\.0\.1:\d+\/dev\/cb to .* verified: activated/);
    const file = join(fx.distDir, 'client/feed.xml');
    await writeFile(file, `${await readFile(file, 'utf8')}<!-- dev -->\n`);
    expect((await hub.post({ 'hub.mode': 'publish' })).status).toBe(202);
    await fx.callbacks.waitFor(() => fx.callbacks.to('/dev/cb', 'POST').length === 1, 'the push');
    await hub.stop();
  });

  it('without HUB_ALLOW_PRIVATE_CALLBACKS: 127.0.0.1 and localhost are refused at once, the 400 naming the setting', async () => {
    const hub = await fx.startHub({ env: { HUB_ALLOW_PRIVATE_CALLBACKS: '0' } });
    const port = new URL(fx.callbacks.origin).port;
    for (const host of ['127.0.0.1', 'localhost']) {
      const answer = await hub.subscribe(TOPICS.atom, `https://${host}:${port}/dev/refused`);
      expect(answer.status).toBe(400);
      expect(answer.text).toBe(
        `hub.callback points at ${host}, which is not a public address. For local development, start the hub with HUB_ALLOW_PRIVATE_CALLBACKS=1 (docs/hub.md, "Local development").\n`,
      );
    }
    expect(fx.callbacks.to('/dev/refused')).toEqual([]);
    await hub.stop();
  });

  it('without NODE_EXTRA_CA_CERTS: the verification fails and the log says the certificate is not trusted', async () => {
    const hub = await fx.startHub({ env: { HUB_ALLOW_PRIVATE_CALLBACKS: '1', NODE_EXTRA_CA_CERTS: '' } });
    expect((await hub.subscribe(TOPICS.atom, fx.callbacks.url('/dev/untrusted'))).status).toBe(202);
    await hub.waitForLog(
      /subscribe of https:\/\/127\.0\.0\.1:\d+\/dev\/untrusted .* not verified: the callback could not be reached \(.*certificate/i,
    );
    await hub.stop();
  });
});
