import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackServer } from '../../support/callback-server.ts';
import { runDeploy } from '../../support/deploy.ts';
import { engineDatabase, ENGINES, HUB_URL, HubProcess, inspectStore, SITE, TOPICS } from '../../support/hub-service.ts';
import type { StoreLocation } from '../../../functions/hub/store/index.ts';
import { FIXTURE_CONTENT, FIXTURE_DIST, ROOT } from '../../support/paths.ts';
import { createTestPki, type TestPki } from '../../support/test-ca.ts';

const NEW_REVIEW = `---
id: 01JB0000000000000000000042
author: Priya N.
rating: 4
date: 2025-06-02
source: website
source_url: null
verified: true
service_area: Tacoma
---
Ana came back to add two outlets in the garage. On time and tidy.
`;

/** Issue 15, item 8, as the owner does it: a new review file, `npm run deploy`, and every subscriber gets the new content. */
describe.each(ENGINES)('npm run deploy (%s)', (engine) => {
  let dir: string;
  let pki: TestPki;
  let callbacks: CallbackServer;
  let hub: HubProcess;
  let store: StoreLocation;
  let dropDatabase: (() => Promise<void>) | undefined;
  const distDir = () => join(dir, 'dist');

  beforeAll(async () => {
    // Inside the project: the build resolves packages from the output folder's ancestors.
    dir = await mkdtemp(join(ROOT, '.test-dist', 'deploy-'));
    await cp(FIXTURE_CONTENT, join(dir, 'content'), { recursive: true });
    await cp(FIXTURE_DIST, distDir(), { recursive: true });
    pki = await createTestPki(dir);
    callbacks = await CallbackServer.start(pki);
    const { databaseUrl, drop } = await engineDatabase(engine);
    dropDatabase = drop;
    store = { dbPath: join(dir, 'hub.db'), databaseUrl };
    hub = await HubProcess.start({ distDir: distDir(), ...store, caFile: pki.caFile });
  });
  afterAll(async () => {
    await hub?.stop();
    await callbacks?.close();
    await dropDatabase?.();
    await rm(dir, { recursive: true, force: true });
  });

  it("builds beside the live site, swaps it in, tells the hub, and each topic's subscribers get its new bytes with the right headers", async () => {
    const paths = { [TOPICS.atom]: '/deploy-atom', [TOPICS.jsonFeed]: '/deploy-json', [TOPICS.reviews]: '/deploy-reviews' };
    for (const [topic, path] of Object.entries(paths)) {
      expect((await hub.subscribe(topic, callbacks.url(path), { 'hub.secret': 'owner' })).status).toBe(202);
    }
    await expect.poll(() => inspectStore(store, async (s) => (await s.subscriptionList()).length)).toBe(3);
    const before = await (await fetch(`${hub.url}/reviews.json`)).text();
    expect(before).not.toContain('01JB0000000000000000000042');

    await writeFile(join(dir, 'content/reviews/2025-06-02-priya-n.md'), NEW_REVIEW);
    const port = new URL(hub.url).port;
    const result = await runDeploy({ dir, port, site: SITE });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/told the hub/);

    await callbacks.waitFor(
      (r) => Object.values(paths).every((p) => r.some((x) => x.path === p && x.method === 'POST')),
      'a notification per topic',
      20_000,
    );
    for (const [topic, path] of Object.entries(paths)) {
      const file = await readFile(join(distDir(), 'client', new URL(topic).pathname));
      const served = await fetch(hub.url + new URL(topic).pathname);
      const servedBytes = Buffer.from(await served.arrayBuffer());
      const [notification, ...more] = callbacks.to(path, 'POST');
      expect(more).toEqual([]);
      expect(servedBytes.equals(file), `${topic} is served from the new build`).toBe(true);
      expect(notification!.body.equals(file), `${path} got the new build's bytes`).toBe(true);
      expect(notification!.body.toString()).toContain(topic === TOPICS.reviews ? '01JB0000000000000000000042' : 'Priya N.');
      expect(notification!.headers['content-type']).toBe(served.headers.get('content-type'));
      expect(notification!.headers.link).toBe(`<${HUB_URL}>; rel="hub", <${topic}>; rel="self"`);
      expect(notification!.headers['x-hub-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    }
  }, 120_000);

  it('follows a new SITE_URL: subscriptions move to the new topic URLs, the next change reaches them there, and the new topics take subscribers', async () => {
    const moved = 'https://reviews.harbor-and-pine.example';
    const oldSubscriber = callbacks.url('/old-site-atom');
    expect((await hub.subscribe(TOPICS.atom, oldSubscriber)).status).toBe(202);
    await expect.poll(() => inspectStore(store, async (s) => s.subscriptionGet(TOPICS.atom, oldSubscriber))).toBeDefined();

    const result = await runDeploy({ dir, port: new URL(hub.url).port, site: moved });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(
      /The site moved to https:\/\/reviews\.harbor-and-pine\.example: \d+ subscriptions follow the new topic URLs/,
    );
    expect(hub.logs.some((l) => l.startsWith(`hub: the site moved from ${SITE} to ${moved}`))).toBe(true);

    // The build's links changed with the site, so every topic changed: the old subscriber hears of it at the new topic.
    await callbacks.waitFor(
      (r) => r.some((x) => x.path === '/old-site-atom' && x.method === 'POST'),
      'the change at the new topic',
      20_000,
    );
    const [notification] = callbacks.to('/old-site-atom', 'POST');
    expect(notification!.headers.link).toBe(`<${moved}/api/websub/hub>; rel="hub", <${moved}/feed.xml>; rel="self"`);
    expect(notification!.body.equals(await readFile(join(distDir(), 'client/feed.xml')))).toBe(true);
    expect(notification!.body.toString()).toContain(`${moved}/feed.xml`);
    const stored = await inspectStore(store, async (s) => s.subscriptionList());
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((s) => s.topic.startsWith(`${moved}/`))).toBe(true);

    // The new topic URLs are the hub's now; the old ones are not.
    const newcomer = callbacks.url('/new-site-json');
    expect((await hub.subscribe(`${moved}/api/feed.json`, newcomer)).status).toBe(202);
    await expect.poll(() => inspectStore(store, async (s) => s.subscriptionGet(`${moved}/api/feed.json`, newcomer))).toBeDefined();
    const old = await hub.subscribe(TOPICS.jsonFeed, callbacks.url('/old-topic'));
    expect(old.status).toBe(400);
    expect(old.text).toMatch(/not a topic of this hub/);
  }, 120_000);
});
