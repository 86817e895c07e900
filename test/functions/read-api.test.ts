import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../functions/process/server.ts';
import { ValidationErrorSchema } from '../../src/schemas/errors.ts';
import { ReviewSchema } from '../../src/schemas/review.ts';
import { SearchResultSchema, SinceResultSchema } from '../../src/schemas/search.ts';
import { FIXTURE_DIST } from '../support/paths.ts';
import { serve } from '../support/server.ts';
import { reviewId } from '../support/business.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await serve(FIXTURE_DIST);
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);
const json = async (response: Response) => JSON.parse(await response.text()) as Record<string, unknown>;
const ids = (body: Record<string, unknown>) => (body.reviews as { id: string }[]).map((r) => r.id);
// The fixture's verified reviews are reviewId(1) to reviewId(8) without 5 (unverified); reviewId(8)'s text and author are hostile markup.

/** A raw request, so the path goes out byte for byte (fetch would normalise it). */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const REVIEW_FIELDS = Object.keys(ReviewSchema.shape).sort();

function expectFullReviews(reviews: unknown[]): void {
  for (const review of reviews) {
    expect(Object.keys(review as object).sort()).toEqual(REVIEW_FIELDS);
    ReviewSchema.parse(review);
  }
}

function expectOpenCors(headers: Headers): void {
  expect(headers.get('access-control-allow-origin')).toBe('*');
  const exposed = (headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
  expect(exposed).toEqual(expect.arrayContaining(['etag', 'last-modified']));
}

async function expectInvalidRequest(response: Response): Promise<{ path: (string | number)[]; code: string; message: string }[]> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expectOpenCors(response.headers);
  const body = await json(response);
  expect(Object.keys(body).sort()).toEqual(['error', 'issues']);
  const parsed = ValidationErrorSchema.parse(body);
  for (const issue of parsed.issues) expect(Object.keys(issue).sort()).toEqual(['code', 'message', 'path']);
  return parsed.issues;
}

describe('GET /api/reviews/search', () => {
  describe('a valid search: 200', () => {
    it('answers {matched, returned, reviews, next_cursor} as JSON, each review with all its fields, newest first', async () => {
      const response = await get('/api/reviews/search', { headers: { 'accept-encoding': 'identity' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expectOpenCors(response.headers);
      const text = await response.text();
      expect(Buffer.byteLength(text)).toBe(Number(response.headers.get('content-length')));
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['matched', 'returned', 'reviews', 'next_cursor']);
      expect(body.next_cursor).toBeNull();
      SearchResultSchema.parse(body);
      expect(body).toMatchObject({ matched: 7, returned: 7 });
      expect(ids(body)).toEqual([reviewId(2), reviewId(1), reviewId(6), reviewId(3), reviewId(8), reviewId(4), reviewId(7)]);
      expectFullReviews(body.reviews as unknown[]);
    });

    it('applies every filter, combined with AND', async () => {
      expect(ids(await json(await get('/api/reviews/search?rating=5')))).toEqual([reviewId(1), reviewId(4)]);
      expect(ids(await json(await get('/api/reviews/search?min_rating=3.5')))).toEqual([
        reviewId(2),
        reviewId(1),
        reviewId(8),
        reviewId(4),
      ]);
      expect(ids(await json(await get('/api/reviews/search?since=2024-11-02&until=2024-12-24')))).toEqual([reviewId(6), reviewId(3)]);
      // "Ben was two hours late" (review 3) names a first name both Bens share, so it mentions both (docs/interface.md).
      expect(ids(await json(await get('/api/reviews/search?mentions_technician=Ben')))).toEqual([
        reviewId(2),
        reviewId(6),
        reviewId(3),
        reviewId(7),
      ]);
      expect(ids(await json(await get('/api/reviews/search?mentions_technician=annie')))).toEqual([reviewId(1), reviewId(7)]);
      expect(ids(await json(await get('/api/reviews/search?mentions_service=Panel+Upgrade')))).toEqual([reviewId(1), reviewId(7)]);
      expect(ids(await json(await get('/api/reviews/search?mentions_service=circuit-breaker-repair&rating=1')))).toEqual([reviewId(3)]);
      expect(ids(await json(await get('/api/reviews/search?query=BREAKER&min_rating=2')))).toEqual([reviewId(1), reviewId(6)]);
    });

    it('matches text case-insensitively across Unicode compositions', async () => {
      expect(ids(await json(await get(`/api/reviews/search?query=${encodeURIComponent('CAFÉ')}`)))).toEqual([reviewId(6)]);
      expect(ids(await json(await get(`/api/reviews/search?query=${encodeURIComponent('cafe\u0301')}`)))).toEqual([reviewId(6)]);
    });

    it('counts every match in matched and returns at most limit', async () => {
      const body = await json(await get('/api/reviews/search?mentions_technician=Ben&limit=1'));
      expect(body).toMatchObject({ matched: 4, returned: 1 });
      expect(ids(body)).toEqual([reviewId(2)]);
    });

    it('treats an unknown technician or service as a filter that matches nothing', async () => {
      for (const path of ['/api/reviews/search?mentions_technician=Nobody', '/api/reviews/search?mentions_service=roofing']) {
        const response = await get(path);
        expect(response.status).toBe(200);
        expect(await json(response)).toEqual({ matched: 0, returned: 0, reviews: [], next_cursor: null });
      }
    });

    it('treats empty values as absent', async () => {
      expect(await json(await get('/api/reviews/search?query=&rating=&limit='))).toMatchObject({ matched: 7, returned: 7 });
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const head = await get('/api/reviews/search?rating=5', { method: 'HEAD' });
      const full = await get('/api/reviews/search?rating=5');
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'));
      expect(head.headers.get('content-type')).toBe(full.headers.get('content-type'));
    });
  });

  describe('an invalid search: 400 {error: "invalid_request", issues}', () => {
    it.each([
      ['rating=0', [['rating', 'too_small']]],
      ['rating=4.5', [['rating', 'invalid_type']]],
      ['limit=101', [['limit', 'too_big']]],
      ['min_rating=6', [['min_rating', 'too_big']]],
      ['since=2026-02-30', [['since', 'invalid_format']]],
      ['since=2026-02-01&until=2026-01-01', [['until', 'custom']]],
      ['rating=4&rating=5', [['rating', 'duplicate_parameter']]],
      ['min_ratting=4', [['min_ratting', 'unknown_parameter']]],
    ])('%s', async (query, expected) => {
      const issues = await expectInvalidRequest(await get(`/api/reviews/search?${query}`));
      expect(issues.map((i) => [i.path.join('.'), i.code])).toEqual(expected);
    });

    it('reports every problem at once', async () => {
      const issues = await expectInvalidRequest(await get('/api/reviews/search?rating=0&limit=0&min_ratting=1&query=a&query=b'));
      expect(issues.map((i) => i.path[0]).sort()).toEqual(['limit', 'min_ratting', 'query', 'rating']);
      expect(issues.find((i) => i.path[0] === 'min_ratting')?.message).toContain('did you mean "min_rating"?');
    });
  });
});

describe('GET /api/reviews/since/{date}', () => {
  it('answers {since, count, reviews, next_cursor}, newest first, each review with all its fields', async () => {
    const response = await get('/api/reviews/since/2024-11-02');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectOpenCors(response.headers);
    const body = await json(response);
    expect(Object.keys(body)).toEqual(['since', 'count', 'reviews', 'next_cursor']);
    SinceResultSchema.parse(body);
    expect(body).toMatchObject({ since: '2024-11-02', count: 4 });
    expect(ids(body)).toEqual([reviewId(2), reviewId(1), reviewId(6), reviewId(3)]);
    expectFullReviews(body.reviews as unknown[]);
  });

  it('includes reviews of the day itself, and everything for an old date', async () => {
    expect(ids(await json(await get('/api/reviews/since/2025-03-10')))).toEqual([reviewId(2), reviewId(1)]);
    expect(await json(await get('/api/reviews/since/2000-01-01'))).toMatchObject({ count: 7 });
  });

  it('answers a future date with 200 and no reviews', async () => {
    const response = await get('/api/reviews/since/2999-12-31');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ since: '2999-12-31', count: 0, reviews: [], next_cursor: null });
  });

  it.each(['2026-02-30', '2026-13-01', 'yesterday', '2026-1-5', '%ZZ', '2026-01-01T00:00:00Z', '%32%30%32%36-02-30'])(
    'answers %s with 400 and the issues shape',
    async (date) => {
      const response = await raw(`/api/reviews/since/${date}`);
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const issues = ValidationErrorSchema.parse(JSON.parse(response.body)).issues;
      expect(issues).toEqual([{ path: ['date'], code: 'invalid_format', message: 'date must be a real calendar date written YYYY-MM-DD' }]);
    },
  );

  it('reads a percent-encoded date', async () => {
    expect(await json(await get('/api/reviews/since/2025%2D03%2D10'))).toMatchObject({ since: '2025-03-10', count: 2 });
  });

  describe('conditional GET', () => {
    const path = '/api/reviews/since/2024-11-02';

    it('sends a strong ETag and Last-Modified', async () => {
      const response = await get(path);
      expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/);
      expect(response.headers.get('etag')).not.toMatch(/^W\//);
      expect(Date.parse(response.headers.get('last-modified') ?? '')).not.toBeNaN();
    });

    it('gives each answer its own ETag', async () => {
      const tags = await Promise.all(
        ['2024-11-02', '2024-11-03', '2025-03-10', '2999-01-01', '2999-01-02'].map(async (d) =>
          (await get(`/api/reviews/since/${d}`)).headers.get('etag'),
        ),
      );
      expect(new Set(tags).size).toBe(tags.length);
    });

    it('answers 304 with an empty body and the same validators when If-None-Match matches', async () => {
      const first = await get(path);
      const etag = first.headers.get('etag') ?? '';
      const response = await get(path, { headers: { 'if-none-match': etag } });
      expect(response.status).toBe(304);
      expect(await response.text()).toBe('');
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('last-modified')).toBe(first.headers.get('last-modified'));
      expectOpenCors(response.headers);
    });

    it('matches the weak form and lists in If-None-Match, and * ', async () => {
      const etag = (await get(path)).headers.get('etag') ?? '';
      expect((await get(path, { headers: { 'if-none-match': `W/${etag}` } })).status).toBe(304);
      expect((await get(path, { headers: { 'if-none-match': `"nope", W/"nope2", ${etag}` } })).status).toBe(304);
      expect((await get(path, { headers: { 'if-none-match': '*' } })).status).toBe(304);
      expect((await get(path, { headers: { 'if-none-match': '"nope"' } })).status).toBe(200);
      // Another date's tag does not match, even when both hold the same reviews.
      const other = (await get('/api/reviews/since/2024-11-01')).headers.get('etag') ?? '';
      expect((await get(path, { headers: { 'if-none-match': other } })).status).toBe(200);
    });

    it('lets If-None-Match win over If-Modified-Since (RFC 9110 §13.2.2)', async () => {
      const first = await get(path);
      const lastModified = first.headers.get('last-modified') ?? '';
      const response = await get(path, { headers: { 'if-none-match': '"nope"', 'if-modified-since': lastModified } });
      expect(response.status).toBe(200);
      const etag = first.headers.get('etag') ?? '';
      const old = new Date(0).toUTCString();
      expect((await get(path, { headers: { 'if-none-match': etag, 'if-modified-since': old } })).status).toBe(304);
    });

    it('answers If-Modified-Since alone: 304 when not modified since, 200 for an older date', async () => {
      const lastModified = (await get(path)).headers.get('last-modified') ?? '';
      const notModified = await get(path, { headers: { 'if-modified-since': lastModified } });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get('last-modified')).toBe(lastModified);
      const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await get(path, { headers: { 'if-modified-since': older } })).status).toBe(200);
      expect((await get(path, { headers: { 'if-modified-since': 'not a date' } })).status).toBe(200);
    });

    it('never vouches for a date in the future', async () => {
      const future = new Date(Date.now() + 86_400_000).toUTCString();
      expect((await get(path, { headers: { 'if-modified-since': future } })).status).toBe(200);
    });

    it('answers HEAD with the validators and no body, and a conditional HEAD with 304', async () => {
      const head = await get(path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      const etag = head.headers.get('etag') ?? '';
      expect(etag).toBe((await get(path)).headers.get('etag'));
      expect((await get(path, { method: 'HEAD', headers: { 'if-none-match': etag } })).status).toBe(304);
    });
  });
});

describe('every read endpoint', () => {
  it('sends open CORS headers on 200, 304 and 400', async () => {
    const ok = await get('/api/reviews/since/2024-01-01');
    expectOpenCors(ok.headers);
    expectOpenCors((await get('/api/reviews/since/2024-01-01', { headers: { 'if-none-match': ok.headers.get('etag') ?? '' } })).headers);
    expectOpenCors((await get('/api/reviews/since/nope')).headers);
    expectOpenCors((await get('/api/reviews/search?rating=9')).headers);
    expectOpenCors((await get('/api/reviews/search?rating=5')).headers);
  });

  it.each(['/api/reviews/search', '/api/reviews/since/2024-01-01'])('answers a CORS preflight on %s with 204', async (path) => {
    const response = await get(path, {
      method: 'OPTIONS',
      headers: { origin: 'https://example.com', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s with 405, Allow and a JSON body', async (method) => {
    for (const path of ['/api/reviews/search?rating=5', '/api/reviews/since/2024-01-01']) {
      const response = await get(path, { method, body: method === 'DELETE' ? null : '{}' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await json(response)).toEqual({ error: 'method_not_allowed', message: expect.stringContaining(method) });
    }
  });

  it('ignores Authorization: the same answer with or without it', async () => {
    for (const path of ['/api/reviews/search?mentions_technician=Ben', '/api/reviews/since/2024-01-01', '/api/reviews/search?rating=0']) {
      const plain = await get(path);
      const authorised = await get(path, { headers: { authorization: 'Bearer secret-token' } });
      expect(authorised.status).toBe(plain.status);
      expect(authorised.headers.get('etag')).toBe(plain.headers.get('etag'));
      expect(await authorised.text()).toBe(await plain.text());
    }
    const bogus = await get('/api/reviews/since/2024-01-01', { headers: { authorization: 'Basic !!!' } });
    expect(bogus.status).toBe(200);
  });
});

describe('a query string built to be expensive', () => {
  it('answers thousands of unknown names with one issue in a body of a few hundred bytes', async () => {
    // Short distinct names without values: 3,500 of them, as many as fit in Node's 16 KB request head.
    const query = Array.from({ length: 3_500 }, (_, i) => (i + 1296).toString(36)).join('&');
    const response = await raw(`/api/reviews/search?${query}`);
    expect(response.status).toBe(400);
    expect(Buffer.byteLength(response.body)).toBeLessThan(16 * 1024);
    expect(JSON.parse(response.body).issues.map((i: { code: string }) => i.code)).toEqual(['too_many_parameters']);
  });
});

describe('fuzzed requests', () => {
  const piece = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 8 }).map(encodeURIComponent),
    fc.constantFrom('%', '%Z', '%E0%A4%A', '%C3%28', '%ED%A0%80', '%FF', '%00', '+', '&', '=', '[]', '..', '%2F', ';', '%25', '\u00e9'),
    fc.constantFrom(
      'rating',
      'min_rating',
      'since',
      'until',
      'query',
      'mentions_technician',
      'mentions_service',
      'limit',
      'rating[]',
      'limit[0]',
    ),
    fc.constantFrom('5', '0', '-1', '1e309', 'NaN', '2024-02-29', '2026-02-30', '9'.repeat(400)),
    fc.nat({ max: 3000 }).map((n) => 'x'.repeat(n)),
  );
  /** Bytes a raw request target may carry: everything else percent-encoded. */
  const target = (parts: string[]) => parts.join('').replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));

  it('answers any query string on search with 200 or 400, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 12 }), async (parts) => {
        const response = await raw(`/api/reviews/search?${target(parts)}`);
        expect([200, 400]).toContain(response.status);
        JSON.parse(response.body);
      }),
      { numRuns: 300 },
    );
  });

  it('answers any path segment on since with 200 or 400, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 6 }), async (parts) => {
        // An empty segment is no date at all: that path is not the endpoint (404), checked below.
        const segment = target(parts).replaceAll('/', '%2F').replaceAll('?', '%3F').replaceAll('#', '%23') || '%20';
        const response = await raw(`/api/reviews/since/${segment}`);
        expect([200, 400]).toContain(response.status);
        JSON.parse(response.body);
      }),
      { numRuns: 300 },
    );
  });

  it('answers odd request targets without failing', async () => {
    for (const path of [
      '//[',
      '//api/reviews/search',
      '/api/reviews/search/',
      '/api/reviews/since/',
      '/api/reviews/since/2024-01-01/x',
      '/%',
      '/?&&&=',
    ]) {
      const response = await raw(path);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it('keeps answering afterwards', async () => {
    const response = await get('/api/reviews/search?rating=5');
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ matched: 2 });
  });
});
