import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeTime } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateContent } from '../../scripts/synthetic/generate.ts';
import { parseReviewFile } from '../../src/lib/content/review-file.ts';
import { ROOT } from '../support/paths.ts';

const CONTENT = join(ROOT, 'content');

async function folder(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(join(entry.parentPath, entry.name).slice(dir.length), await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return files;
}

describe('the synthetic review generator', () => {
  let tmp: string;
  let first: Map<string, string>;
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'generate-reviews-'));
    await generateContent({ count: 300, seed: 7, out: join(tmp, 'a'), contentDir: CONTENT });
    first = await folder(join(tmp, 'a'));
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  it('writes the same bytes for the same seed', async () => {
    await generateContent({ count: 300, seed: 7, out: join(tmp, 'b'), contentDir: CONTENT });
    expect(await folder(join(tmp, 'b'))).toEqual(first);
  });

  it('writes other reviews for another seed', async () => {
    await generateContent({ count: 300, seed: 8, out: join(tmp, 'c'), contentDir: CONTENT });
    const other = await folder(join(tmp, 'c'));
    expect([...other.keys()].filter((name) => name.startsWith('/reviews/'))).not.toEqual(
      [...first.keys()].filter((name) => name.startsWith('/reviews/')),
    );
  });

  it('copies every data file of content/ and writes the requested number of reviews', async () => {
    const dataFiles = (await readdir(CONTENT)).filter((name) => name.endsWith('.json'));
    for (const name of dataFiles) expect(first.get(`/${name}`)).toBe(await readFile(join(CONTENT, name), 'utf8'));
    expect([...first.keys()].filter((name) => name.startsWith('/reviews/'))).toHaveLength(300);
  });

  it('writes review files the content schema accepts, with ULIDs whose time is the review date', () => {
    const ratings = new Map<number, number>();
    let ratingOnly = 0;
    for (const [name, text] of first) {
      if (!name.startsWith('/reviews/')) continue;
      // The parser the build reads review files with.
      const parsed = parseReviewFile(name, text);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
      const { data, body } = parsed;
      expect(new Date(decodeTime(data.id)).toISOString().slice(0, 10)).toBe(data.date);
      expect(name).toMatch(new RegExp(`^/reviews/${data.date}-[a-z0-9-]+\\.md$`));
      if (data.owner_reply) expect(data.owner_reply.date >= data.date).toBe(true);
      ratings.set(data.rating, (ratings.get(data.rating) ?? 0) + 1);
      if (body.trim() === '') ratingOnly += 1;
    }
    // Skewed to five stars, with a few rating-only reviews.
    expect(ratings.get(5)).toBeGreaterThan(150);
    expect(ratingOnly).toBeGreaterThan(5);
    expect(ratingOnly).toBeLessThan(45);
  });

  it('never writes into the real content folder', async () => {
    await expect(generateContent({ count: 1, seed: 1, out: CONTENT, contentDir: CONTENT })).rejects.toThrow(/refusing to write/);
    await expect(generateContent({ count: 1, seed: 1, out: join(CONTENT, 'reviews'), contentDir: CONTENT })).rejects.toThrow(
      /refusing to write/,
    );
  });
});
