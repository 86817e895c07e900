import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArtifactsHolder } from '../../../functions/builds/artifacts.ts';
import { HubSite } from '../../../functions/hub/hub-site.ts';
import { Publisher } from '../../../functions/hub/publisher.ts';
import { openHubStore, type HubStore } from '../../../functions/hub/store/index.ts';
import { SqliteHubStore } from '../../../functions/hub/store/sqlite/store.ts';
import { engineDatabase, ENGINES } from '../../support/hub-service.ts';
import { FIXTURE_DIST } from '../../support/paths.ts';

const SITE = 'http://localhost:4321';

describe.each(ENGINES)('Publisher (%s)', (engine) => {
  let dir: string;
  let artifacts: ArtifactsHolder;
  let store: HubStore;
  let dropDatabase: () => Promise<void>;
  let queued: number;
  let publisher: Publisher;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'publisher-'));
    await cp(join(FIXTURE_DIST, 'client'), dir, { recursive: true });
    artifacts = await ArtifactsHolder.open(dir);
    const { databaseUrl, drop } = await engineDatabase(engine);
    dropDatabase = drop;
    store = databaseUrl ? await openHubStore({ dbPath: '', databaseUrl }) : await SqliteHubStore.open(':memory:');
    queued = 0;
    publisher = new Publisher({ artifacts, store, site: new HubSite(SITE), onQueued: () => (queued += 1), log: () => {} });
  });
  afterEach(async () => {
    await store.close();
    await dropDatabase();
    await rm(dir, { recursive: true, force: true });
  });

  it('records every topic at the first publish and nothing at an unchanged one', async () => {
    expect((await publisher.publish([])).changed.map((c) => c.topic)).toEqual([
      `${SITE}/feed.xml`,
      `${SITE}/api/feed.json`,
      `${SITE}/reviews.json`,
    ]);
    expect((await publisher.publish()).changed).toEqual([]);
  });

  it('publishes from the snapshot it is given, never reloading it itself, and stores the hash the ETag was cut from', async () => {
    await publisher.publish([]);
    const feed = join(dir, 'feed.xml');
    await writeFile(feed, `${await readFile(feed, 'utf8')}<!-- 1 -->`);
    // The file changed on disk, but the snapshot did not: nothing to push.
    expect((await publisher.publish()).changed).toEqual([]);
    await artifacts.reload();
    expect((await publisher.publish()).changed.map((c) => c.topic)).toEqual([`${SITE}/feed.xml`]);
    const file = artifacts.current.site.get('/feed.xml');
    expect(file?.etag).toBe(
      `"${Buffer.from(file?.sha256 ?? '', 'hex')
        .toString('base64url')
        .slice(0, 32)}"`,
    );
    expect((await store.topicGet(`${SITE}/feed.xml`))?.hash).toBe(file?.sha256);
  });

  it('collapses publishes that arrive during a run into one more, covering every topic they named', async () => {
    await publisher.publish([]);
    const feed = join(dir, 'feed.xml');
    await writeFile(feed, `${await readFile(feed, 'utf8')}<!-- 1 -->`);
    await artifacts.reload();
    const first = publisher.publish([`${SITE}/reviews.json`]);
    const others = [
      publisher.publish([`${SITE}/feed.xml`]),
      publisher.publish([`${SITE}/api/feed.json`]),
      publisher.publish([`${SITE}/feed.xml`]),
    ];
    expect((await first).changed).toEqual([]);
    const reports = await Promise.all(others);
    for (const report of reports) expect(report.changed.map((c) => c.topic)).toEqual([`${SITE}/feed.xml`]);
  });
});
