import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import type { StoreLocation } from '../../../functions/hub/store/index.ts';
import { CallbackServer } from '../../support/callback-server.ts';
import { runDeploy } from '../../support/deploy.ts';
import { restartUnderLockWithPendingPublish, type HubLock } from '../../support/hub-lock.ts';
import { engineDatabase, ENGINES, HubProcess, inspectStore, SITE } from '../../support/hub-service.ts';
import { FIXTURE_CONTENT, FIXTURE_DIST, ROOT } from '../../support/paths.ts';
import { createTestPki } from '../../support/test-ca.ts';

const NEW_REVIEW = `---
id: 01JB0000000000000000000077
author: Dana K.
rating: 5
date: 2025-06-03
source: website
source_url: null
verified: true
service_area: Tacoma
---
Replaced the breaker panel in one morning and left the basement cleaner than they found it.
`;

/**
 * Issue 24, item 3, and issue 33, item 4: `npm run deploy` while another process holds the hub's database, held
 * as in locked.test.ts (which times searches under the same lock, alone). This times nothing, so it runs beside
 * other files, and its two engines at once: most of each is a build and then a wait for the hub's next retry.
 */
describe('a deploy while another process holds the hub database', () => {
  it.concurrent.for(ENGINES)(
    "(%s) goes live, says the hub could not record its publish, and the start-up publish and the deploy's go out once the lock goes",
    { timeout: 120_000 },
    async (engine, { expect, onTestFinished }) => {
      // Inside the project: the deploy's build resolves packages from the output folder's ancestors.
      const dir = await mkdtemp(join(ROOT, '.test-dist', 'locked-deploy-'));
      /** What the clean-up stops and releases: the hub and the lock, as soon as each exists. */
      const own: { hub?: HubProcess; lock?: HubLock } = {};
      let callbacks: CallbackServer | undefined;
      let dropDatabase: (() => Promise<void>) | undefined;
      onTestFinished(async () => {
        await own.lock?.release();
        await own.hub?.stop();
        await callbacks?.close();
        await dropDatabase?.();
        await rm(dir, { recursive: true, force: true });
      });
      await cp(FIXTURE_CONTENT, join(dir, 'content'), { recursive: true });
      await cp(FIXTURE_DIST, join(dir, 'dist'), { recursive: true });
      const pki = await createTestPki(dir);
      callbacks = await CallbackServer.start(pki);
      const database = await engineDatabase(engine);
      dropDatabase = database.drop;
      const store: StoreLocation = { dbPath: join(dir, 'hub.db'), databaseUrl: database.databaseUrl };
      const start = () => HubProcess.start({ distDir: join(dir, 'dist'), ...store, caFile: pki.caFile });

      const { hub, lock } = await restartUnderLockWithPendingPublish({
        start,
        store,
        distDir: join(dir, 'dist'),
        callback: callbacks.url('/locked-sub'),
        expect,
        own,
      });
      const file = join(dir, 'dist/client/reviews.json');

      // The build goes live, the hub cannot record the publish, and the deploy says so.
      await writeFile(join(dir, 'content/reviews/2025-06-03-dana-k.md'), NEW_REVIEW);
      const deploy = await runDeploy({ dir, port: new URL(hub.url).port, site: SITE });
      expect(deploy.code, deploy.output).not.toBe(0);
      expect(deploy.output).toMatch(
        /503 The hub could not record this publish \(it retries on its own\): its database is locked by another process/,
      );

      await lock.release();
      await callbacks.waitFor((r) => r.some((x) => x.path === '/locked-sub' && x.method === 'POST'), 'the publish after the lock', 30_000);
      const [notification, ...more] = callbacks.to('/locked-sub', 'POST');
      expect(more).toEqual([]);
      expect(notification!.body.equals(await readFile(file)), 'the deployed build').toBe(true);
      expect(notification!.body.toString()).toContain('01JB0000000000000000000077');
      // Nothing refused was recorded: the subscriber from before is still there, alone (read once the lock is gone,
      // since Postgres's ACCESS EXCLUSIVE lets no reader through).
      expect(await inspectStore(store, async (s) => (await s.subscriptionList()).map((x) => x.callback))).toEqual([
        callbacks.url('/locked-sub'),
      ]);
    },
  );
});
