import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackServer } from '../../support/callback-server.ts';
import { HUB_URL, HubProcess, inspectStore, SITE, TOPICS } from '../../support/hub-service.ts';
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
describe('npm run deploy', () => {
  let dir: string;
  let pki: TestPki;
  let callbacks: CallbackServer;
  let hub: HubProcess;
  const distDir = () => join(dir, 'dist');

  beforeAll(async () => {
    // Inside the project: the build resolves packages from the output folder's ancestors.
    dir = await mkdtemp(join(ROOT, '.test-dist', 'deploy-'));
    await cp(FIXTURE_CONTENT, join(dir, 'content'), { recursive: true });
    await cp(FIXTURE_DIST, distDir(), { recursive: true });
    pki = await createTestPki(dir);
    callbacks = await CallbackServer.start(pki);
    hub = await HubProcess.start({ distDir: distDir(), dbPath: join(dir, 'hub.db'), caFile: pki.caFile });
  });
  afterAll(async () => {
    await hub?.stop();
    await callbacks?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("builds beside the live site, swaps it in, tells the hub, and each topic's subscribers get its new bytes with the right headers", async () => {
    const paths = { [TOPICS.atom]: '/deploy-atom', [TOPICS.jsonFeed]: '/deploy-json', [TOPICS.reviews]: '/deploy-reviews' };
    for (const [topic, path] of Object.entries(paths)) {
      expect((await hub.subscribe(topic, callbacks.url(path), { 'hub.secret': 'owner' })).status).toBe(202);
    }
    await expect.poll(() => inspectStore(join(dir, 'hub.db'), (s) => s.subscriptionList().length)).toBe(3);
    const before = await (await fetch(`${hub.url}/reviews.json`)).text();
    expect(before).not.toContain('01JB0000000000000000000042');

    await writeFile(join(dir, 'content/reviews/2025-06-02-priya-n.md'), NEW_REVIEW);
    const port = new URL(hub.url).port;
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        'npm',
        ['run', 'deploy'],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            CONTENT_DIR: join(dir, 'content'),
            DIST_DIR: distDir(),
            SITE_URL: SITE,
            HOST: '127.0.0.1',
            PORT: port,
            BUILD_CACHE_DIR: join(dir, '.astro-cache'),
            NO_COLOR: '1',
          },
          maxBuffer: 16 * 1024 * 1024,
          timeout: 100_000,
        },
        (error, stdout, stderr) => resolve({ code: error ? 1 : 0, output: stdout + stderr }),
      );
    });
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
});
