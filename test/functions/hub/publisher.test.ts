import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArtifactsHolder } from '../../../functions/artifacts.ts';
import { hubTopics } from '../../../functions/hub/hub.ts';
import { Publisher } from '../../../functions/hub/publisher.ts';
import { HubStore } from '../../../functions/hub/store/index.ts';
import { FIXTURE_DIST } from '../../support/paths.ts';

const SITE = 'http://localhost:4321';

describe('Publisher', () => {
  let dir: string;
  let artifacts: ArtifactsHolder;
  let store: HubStore;
  let reloads: number;
  let queued: number;
  let publisher: Publisher;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'publisher-'));
    await cp(join(FIXTURE_DIST, 'client'), dir, { recursive: true });
    artifacts = await ArtifactsHolder.open(dir);
    const reload = artifacts.reload.bind(artifacts);
    reloads = 0;
    artifacts.reload = () => {
      reloads += 1;
      return reload();
    };
    store = HubStore.open(':memory:');
    queued = 0;
    publisher = new Publisher({ artifacts, store, topics: hubTopics(SITE), onQueued: () => (queued += 1), log: () => {} });
  });
  afterEach(async () => {
    store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('records every topic at the first publish and nothing at an unchanged one', async () => {
    expect((await publisher.publish([], false)).changed.map((c) => c.topic)).toEqual([
      `${SITE}/feed.xml`,
      `${SITE}/api/feed.json`,
      `${SITE}/reviews.json`,
    ]);
    expect(reloads).toBe(0);
    expect((await publisher.publish()).changed).toEqual([]);
    expect(reloads).toBe(1);
  });

  it('collapses publishes that arrive during a run into one more, covering every topic they named', async () => {
    await publisher.publish([], false);
    const feed = join(dir, 'feed.xml');
    await writeFile(feed, `${await readFile(feed, 'utf8')}<!-- 1 -->`);
    const first = publisher.publish([`${SITE}/reviews.json`]);
    const others = [
      publisher.publish([`${SITE}/feed.xml`]),
      publisher.publish([`${SITE}/api/feed.json`]),
      publisher.publish([`${SITE}/feed.xml`]),
    ];
    expect((await first).changed).toEqual([]);
    const reports = await Promise.all(others);
    expect(reloads).toBe(2);
    for (const report of reports) expect(report.changed.map((c) => c.topic)).toEqual([`${SITE}/feed.xml`]);
  });

  it('keeps the last good build and sends nothing when the new one is broken', async () => {
    await publisher.publish([], false);
    await writeFile(join(dir, 'reviews.json'), '{ broken');
    const report = await publisher.publish();
    expect(report.reloadError).toMatch(/JSON/);
    expect(report.changed).toEqual([]);
    expect(queued).toBe(1);
  });
});
