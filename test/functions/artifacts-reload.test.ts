import { cp, mkdtemp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../functions/process/server.ts';
import type { ReviewsDataset } from '../../src/schemas/reviews-dataset.ts';
import { FIXTURE_DIST } from '../support/paths.ts';
import { serve } from '../support/server.ts';

/** What a client sees of the read endpoints: enough to tell two snapshots apart. */
async function snapshot(server: RunningServer) {
  const answer = async (path: string) => {
    // Uncompressed: a since answer's compressed copy appears after its first request, with its own tag.
    const response = await fetch(server.url + path, { headers: { 'accept-encoding': 'identity' } });
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
      body: await response.text(),
    };
  };
  return {
    reviews: await answer('/reviews.json'),
    since: await answer('/api/reviews/since/2000-01-01'),
    search: await answer('/api/reviews/search?mentions_technician=Ben'),
  };
}

describe('ArtifactsHolder.reload() under a running server', () => {
  let dir: string;
  let server: RunningServer;
  let reviewsFile: string;
  let original: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reload-'));
    await cp(FIXTURE_DIST, dir, { recursive: true });
    reviewsFile = join(dir, 'client/reviews.json');
    original = await readFile(reviewsFile, 'utf8');
    server = await serve(dir);
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe('when the new build is broken', () => {
    it.each([
      ['is not JSON', () => 'not json {'],
      ['is not a reviews dataset', () => JSON.stringify({ reviews: 5 })],
      ['holds an invalid review', () => original.replace('"rating":5', '"rating":7')],
    ])('keeps serving the last good snapshot when reviews.json %s', async (_, content) => {
      const before = await snapshot(server);
      await writeFile(reviewsFile, content());
      const result = await server.artifacts.reload();
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).not.toBe('');
      expect(await snapshot(server)).toEqual(before);
      await writeFile(reviewsFile, original);
    });

    it('keeps serving when reviews.json is missing', async () => {
      const before = await snapshot(server);
      await rm(reviewsFile);
      const result = await server.artifacts.reload();
      expect(result).toMatchObject({ ok: false, error: { message: expect.stringContaining('missing') } });
      expect(await snapshot(server)).toEqual(before);
      await writeFile(reviewsFile, original);
    });
  });

  describe('when the new build is valid', () => {
    it('keeps validators of unchanged bytes as they were', async () => {
      const before = await snapshot(server);
      await writeFile(reviewsFile, original);
      expect(await server.artifacts.reload()).toEqual({ ok: true });
      expect(await snapshot(server)).toEqual(before);
    });

    it('swaps in the new data at once, and Last-Modified moves forward even if the file looks older', async () => {
      const before = await snapshot(server);
      const dataset = JSON.parse(original) as ReviewsDataset;
      const newest = dataset.reviews[0] as ReviewsDataset['reviews'][number];
      const added = {
        ...newest,
        id: '01JB0000000000000000000009',
        date: '2025-04-01',
        text: 'Ben Ode came back and fixed it.',
        technicians: ['Ben Ode'],
      };
      await writeFile(reviewsFile, JSON.stringify({ ...dataset, reviews: [added, ...dataset.reviews] }));
      // A copy from an older checkout: the file's own time would move Last-Modified backwards.
      await utimes(reviewsFile, new Date('2001-01-01'), new Date('2001-01-01'));

      expect(await server.artifacts.reload()).toEqual({ ok: true });
      const after = await snapshot(server);
      expect(JSON.parse(after.since.body)).toMatchObject({ count: JSON.parse(before.since.body).count + 1 });
      expect(JSON.parse(after.since.body).reviews[0].id).toBe(added.id);
      expect(JSON.parse(after.search.body)).toMatchObject({ matched: JSON.parse(before.search.body).matched + 1 });
      for (const key of ['reviews', 'since'] as const) {
        expect(after[key].etag).not.toBe(before[key].etag);
        expect(Date.parse(after[key].lastModified ?? '')).toBeGreaterThan(Date.parse(before[key].lastModified ?? ''));
      }
      // A client holding the old validators gets the new answer, by ETag or by date.
      const byTag = await fetch(`${server.url}/api/reviews/since/2000-01-01`, { headers: { 'if-none-match': before.since.etag ?? '' } });
      expect(byTag.status).toBe(200);
      const byDate = await fetch(`${server.url}/api/reviews/since/2000-01-01`, {
        headers: { 'if-modified-since': before.since.lastModified ?? '' },
      });
      expect(byDate.status).toBe(200);
    });

    it('never shows half of a snapshot: every answer during a reload belongs to the old or the new one', async () => {
      const before = await snapshot(server);
      const dataset = JSON.parse(await readFile(reviewsFile, 'utf8')) as ReviewsDataset;
      await writeFile(reviewsFile, JSON.stringify({ ...dataset, reviews: dataset.reviews.slice(1) }));
      const reloading = server.artifacts.reload();
      const during = await Promise.all(Array.from({ length: 40 }, () => snapshot(server)));
      expect(await reloading).toEqual({ ok: true });
      const after = await snapshot(server);
      expect(after.since.body).not.toBe(before.since.body);
      for (const seen of during) {
        expect([before.since.body, after.since.body]).toContain(seen.since.body);
        expect([before.search.body, after.search.body]).toContain(seen.search.body);
      }
    });

    it('lets the last of several overlapping reloads win', async () => {
      const dataset = JSON.parse(original) as ReviewsDataset;
      const first = server.artifacts.reload();
      // Swapped in whole (as a deploy does), so the first reload reads the old file or the new one, never half of one;
      // written beside the served directory, which a reload reads whole.
      const next = join(dir, 'reviews.json.next');
      await writeFile(next, JSON.stringify({ ...dataset, reviews: dataset.reviews.slice(2) }));
      await rename(next, reviewsFile);
      const second = server.artifacts.reload();
      expect(await Promise.all([first, second])).toEqual([{ ok: true }, { ok: true }]);
      const since = JSON.parse((await snapshot(server)).since.body);
      expect(since.count).toBe(dataset.reviews.length - 2);
    });
  });
});
