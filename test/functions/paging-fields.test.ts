import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../functions/process/server.ts';
import { referenceSearch } from '../../src/lib/search/reference-search.ts';
import type { ReviewsDataset } from '../../src/schemas/reviews-dataset.ts';
import { REVIEW_FIELD_NAMES, type SearchQuery } from '../../src/schemas/search.ts';
import { SAMPLE_DIST } from '../support/paths.ts';
import { serve } from '../support/server.ts';

/**
 * Paging (cursor, next_cursor), fields and since's parameters over HTTP and
 * through the official MCP client, on the sample business (340 reviews): the
 * pages put together are the reference search's whole answer.
 */
let server: RunningServer;
let client: Client;
let dataset: ReviewsDataset;
beforeAll(async () => {
  server = await serve(SAMPLE_DIST, {}, { mcp: {} });
  dataset = JSON.parse(await readFile(join(SAMPLE_DIST, 'client/reviews.json'), 'utf8')) as ReviewsDataset;
  client = new Client({ name: 'vitest', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
});
afterAll(async () => {
  await client.close();
  await server.close();
});

interface Page {
  matched?: number;
  count?: number;
  returned?: number;
  reviews: Record<string, unknown>[];
  next_cursor: string | null;
}

const get = async (path: string): Promise<{ status: number; body: Record<string, unknown> }> => {
  const response = await fetch(server.url + path);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

function searchPath(q: Record<string, unknown>): string {
  const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
  return `/api/reviews/search?${params}`;
}

/** Every page from the first to the one whose next_cursor is null (bounded). */
async function follow(page: (cursor: string | undefined) => Promise<Page>): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 400; i += 1) {
    const answer = await page(cursor);
    pages.push(answer);
    if (answer.next_cursor === null) return pages;
    cursor = answer.next_cursor;
  }
  throw new Error('no last page after 400 pages');
}

const filters = () => {
  const technicians = dataset.business.technicians.map((t) => t.name.split(' ')[0] as string);
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
  return fc
    .record({
      min_rating: maybe(fc.integer({ min: 1, max: 5 })),
      since: maybe(fc.constantFrom('2023-01-01', '2024-06-15', '2025-03-01', '2026-01-01')),
      query: maybe(fc.constantFrom('the', 'panel', 'on time', 'Tomas', 'café')),
      mentions_technician: maybe(fc.constantFrom(...technicians)),
    })
    .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Partial<SearchQuery>);
};

const everything = (q: Partial<SearchQuery>) => referenceSearch(dataset, { ...q, limit: Number.MAX_SAFE_INTEGER } as SearchQuery);

describe('following next_cursor to null gives the reference search, in order, no duplicate, no gap', () => {
  it('over HTTP, for random filters and page sizes 1 to 100', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(filters(), fc.integer({ min: 1, max: 100 }), async (q, limit) => {
        const pages = await follow(async (cursor) => {
          const { status, body } = await get(searchPath({ ...q, limit, ...(cursor ? { cursor } : {}) }));
          expect(status).toBe(200);
          return body as unknown as Page;
        });
        const expected = everything(q);
        expect(pages.flatMap((p) => p.reviews.map((r) => r.id))).toEqual(expected.ids);
        for (const p of pages) expect(p.matched).toBe(expected.matched);
      }),
      { numRuns: 25 },
    );
  });

  it('through the MCP client, with fields and numbers sent as strings', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(filters(), fc.integer({ min: 1, max: 100 }), async (q, limit) => {
        const pages = await follow(async (cursor) => {
          const result = await client.callTool({
            name: 'search_reviews',
            arguments: { ...q, limit: String(limit), fields: 'id,date', ...(cursor ? { cursor } : {}) },
          });
          expect(result.isError ?? false).toBe(false);
          return result.structuredContent as unknown as Page;
        });
        expect(pages.flatMap((p) => p.reviews.map((r) => r.id))).toEqual(everything(q).ids);
        for (const p of pages) for (const r of p.reviews) expect(Object.keys(r)).toEqual(['id', 'date']);
      }),
      { numRuns: 15 },
    );
  });

  it('since, over HTTP and MCP, pages through every review on or after the date', { timeout: 60_000 }, async () => {
    for (const [date, limit] of [
      ['2020-01-01', 37],
      ['2025-06-01', 1],
      ['2026-01-01', 100],
    ] as const) {
      const expected = everything({ since: date }).ids;
      const http = await follow(async (cursor) => {
        const { status, body } = await get(`/api/reviews/since/${date}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(status).toBe(200);
        expect(body.count).toBe(expected.length);
        return body as unknown as Page;
      });
      expect(http.flatMap((p) => p.reviews.map((r) => r.id))).toEqual(expected);
      const mcp = await follow(async (cursor) => {
        const result = await client.callTool({ name: 'get_reviews_since', arguments: { date, limit, ...(cursor ? { cursor } : {}) } });
        return result.structuredContent as unknown as Page;
      });
      expect(mcp.flatMap((p) => p.reviews.map((r) => r.id))).toEqual(expected);
    }
  });
});

describe('a cursor belongs to its filters', () => {
  it('is a 400 at ["cursor"] replayed with other filters, altered, or made up; isError through MCP', async () => {
    const first = await get('/api/reviews/search?min_rating=4&limit=3');
    const cursor = first.body.next_cursor as string;
    expect(cursor).toMatch(/^[\w-]+$/);
    expect((await get(`/api/reviews/search?min_rating=4&limit=10&cursor=${cursor}`)).status).toBe(200);
    const altered = cursor.slice(0, 10) + (cursor[10] === 'A' ? 'B' : 'A') + cursor.slice(11);
    for (const path of [
      `/api/reviews/search?min_rating=3&limit=3&cursor=${cursor}`,
      `/api/reviews/search?limit=3&cursor=${cursor}`,
      `/api/reviews/search?min_rating=4&limit=3&cursor=${altered}`,
      `/api/reviews/search?min_rating=4&cursor=${Buffer.from('{"d":"2025-01-01","i":"01JA0000000000000000000001","h":"x"}').toString('base64url')}`,
      `/api/reviews/search?cursor=not%20a%20cursor`,
      `/api/reviews/since/2020-01-01?limit=3&cursor=${cursor}`,
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect((body.issues as { path: unknown[] }[]).map((i) => i.path)).toEqual([['cursor']]);
    }
    const mcp = await client.callTool({ name: 'search_reviews', arguments: { min_rating: 3, cursor } });
    expect(mcp.isError).toBe(true);
    expect((mcp.content as { text: string }[])[0]?.text).toMatch(/^cursor: .*same filters/);
  });

  it('keeps pages stable while a review is published between two of them', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paging-'));
    try {
      await cp(SAMPLE_DIST, dir, { recursive: true });
      const file = join(dir, 'client/reviews.json');
      const original = JSON.parse(await readFile(file, 'utf8')) as ReviewsDataset;
      const own = await serve(dir);
      try {
        const page = async (cursor?: string) =>
          (await (await fetch(`${own.url}/api/reviews/search?query=the&limit=7${cursor ? `&cursor=${cursor}` : ''}`)).json()) as Page;
        const first = await page();
        // A newer review that matches, and an older one dated on the first page's last day with a larger id (before the cursor).
        const last = first.reviews.at(-1) as { date: string; id: string };
        const newer = { ...original.reviews[0], id: '7ZZZZZZZZZZZZZZZZZZZZZZZZZ', date: '2026-11-26', text: 'the newest review' };
        const sameDay = {
          ...original.reviews[0],
          id: `${last.id.slice(0, 25)}Z`,
          date: last.date,
          text: 'the same day, before the cursor',
        };
        await writeFile(file, JSON.stringify({ ...original, reviews: [newer, ...original.reviews, sameDay] }));
        expect((await own.artifacts.reload()).ok).toBe(true);
        const rest = await follow((cursor) => page(cursor ?? (first.next_cursor as string)));
        const ids = [...first.reviews, ...rest.flatMap((p) => p.reviews)].map((r) => r.id);
        expect(ids).toEqual(everything({ query: 'the' }).ids);
      } finally {
        await own.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('fields', () => {
  it('keeps the named fields in the schema order, id always; unknown names are a 400 that lists the valid ones', async () => {
    const { body } = await get('/api/reviews/search?limit=2&fields=text,rating');
    for (const r of body.reviews as Record<string, unknown>[]) expect(Object.keys(r)).toEqual(['id', 'rating', 'text']);
    const since = await get('/api/reviews/since/2020-01-01?limit=2&fields=date');
    for (const r of since.body.reviews as Record<string, unknown>[]) expect(Object.keys(r)).toEqual(['id', 'date']);
    for (const path of ['/api/reviews/search?fields=id,stars', '/api/reviews/since/2020-01-01?fields=stars']) {
      const bad = await get(path);
      expect(bad.status).toBe(400);
      const [issue] = bad.body.issues as { path: unknown[]; message: string }[];
      expect(issue?.path).toEqual(['fields']);
      expect(issue?.message).toContain('"stars"');
      for (const name of REVIEW_FIELD_NAMES) expect(issue?.message).toContain(name);
    }
    const mcp = await client.callTool({ name: 'search_reviews', arguments: { fields: 'stars' } });
    expect(mcp.isError).toBe(true);
    expect((mcp.content as { text: string }[])[0]?.text).toContain('valid fields: id, author');
  });

  it('makes an answer an assistant can afford: 100 reviews of 4 fields cost far less than 100 full ones', async () => {
    const small = await client.callTool({ name: 'search_reviews', arguments: { limit: 100, fields: 'id,date,rating,text' } });
    const full = await client.callTool({ name: 'search_reviews', arguments: { limit: 100 } });
    const size = (r: typeof small) => JSON.stringify(r).length;
    expect(size(small)).toBeLessThan(size(full) * 0.6);
    expect(JSON.parse((small.content as { text: string }[])[0]?.text ?? '')).toEqual(small.structuredContent);
  });
});

describe('since takes limit, cursor and fields, and nothing else', () => {
  it('limits, and refuses unknown, repeated or out-of-range parameters with one 400 listing them', async () => {
    const { body } = await get('/api/reviews/since/2020-01-01?limit=5');
    expect((body.reviews as unknown[]).length).toBe(5);
    expect(body.count).toBe(everything({ since: '2020-01-01' }).matched);
    expect(body.next_cursor).toEqual(expect.any(String));
    const all = await get('/api/reviews/since/2020-01-01');
    expect((all.body.reviews as unknown[]).length).toBe(all.body.count);
    expect(all.body.next_cursor).toBeNull();
    for (const [query, paths] of [
      ['limit=5&foo=1', [['foo']]],
      ['limit=5&limit=6', [['limit']]],
      ['limit=0', [['limit']]],
      ['limit=1001', [['limit']]],
      ['limit=abc', [['limit']]],
    ] as const) {
      const bad = await get(`/api/reviews/since/2020-01-01?${query}`);
      expect(bad.status, query).toBe(400);
      expect((bad.body.issues as { path: unknown[] }[]).map((i) => i.path)).toEqual(paths);
    }
    const both = await get('/api/reviews/since/2026-02-30?limit=0');
    expect((both.body.issues as { path: unknown[] }[]).map((i) => i.path)).toEqual([['date'], ['limit']]);
    expect((await get('/api/reviews/since/2020-01-01?limit=1000')).status).toBe(200);
  });

  it('gives each page its own ETag, and a 304 for the same page', async () => {
    const a = await fetch(`${server.url}/api/reviews/since/2020-01-01?limit=5`);
    const b = await fetch(`${server.url}/api/reviews/since/2020-01-01?limit=6`);
    await Promise.all([a.text(), b.text()]);
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
    const again = await fetch(`${server.url}/api/reviews/since/2020-01-01?limit=5`, {
      headers: { 'if-none-match': a.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });
});

describe('query folds diacritics on both sides', () => {
  it('finds the same reviews for Tomas and Tomás, cafe and café, as the reference does', async () => {
    const plain = await get('/api/reviews/search?query=Tomas&limit=100');
    const accented = await get(`/api/reviews/search?query=${encodeURIComponent('Tomás')}&limit=100`);
    expect(plain.body.matched).toBeGreaterThan(3);
    expect(plain.body).toEqual(accented.body);
    expect(plain.body.matched).toBe(everything({ query: 'Tomás' }).matched);
    expect(everything({ query: 'Tomas' }).ids).toEqual(everything({ query: 'TOMÁS' }).ids);
  });
});
