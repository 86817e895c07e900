import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../functions/process/server.ts';
import { SAMPLE_DIST } from '../support/paths.ts';
import { serve } from '../support/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await serve(SAMPLE_DIST);
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);

const DATASETS = [
  { path: '/reviews.json', type: 'application/json' },
  { path: '/insights.json', type: 'application/json' },
  { path: '/api/feed.json', type: 'application/feed+json' },
  { path: '/feed.xml', type: 'application/atom+xml' },
  { path: '/.well-known/openapi.json', type: 'application/json' },
] as const;

describe.each(DATASETS)('GET $path', ({ path, type }) => {
  it('answers 200 with its media type, a strong ETag, Last-Modified and open CORS', async () => {
    const response = await get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(Date.parse(response.headers.get('last-modified') ?? '')).not.toBeNaN();
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/ETag.*Last-Modified/);
    expect((await response.arrayBuffer()).byteLength).toBe(Number(response.headers.get('content-length')));
  });

  it('answers 304 with no body and the same validators when If-None-Match matches', async () => {
    const first = await get(path);
    const etag = first.headers.get('etag') ?? '';
    const response = await get(path, { headers: { 'if-none-match': etag } });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('last-modified')).toBe(first.headers.get('last-modified'));
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('matches the weak form and a list in If-None-Match', async () => {
    const etag = (await get(path)).headers.get('etag') ?? '';
    expect((await get(path, { headers: { 'if-none-match': `W/${etag}` } })).status).toBe(304);
    expect((await get(path, { headers: { 'if-none-match': `"other", ${etag}` } })).status).toBe(304);
    expect((await get(path, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('answers If-Modified-Since by date, and lets If-None-Match win over it (RFC 9110)', async () => {
    const lastModified = (await get(path)).headers.get('last-modified') ?? '';
    expect((await get(path, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    const before = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get(path, { headers: { 'if-modified-since': before } })).status).toBe(200);
    expect((await get(path, { headers: { 'if-modified-since': 'not a date' } })).status).toBe(200);
    const future = new Date(Date.now() + 86_400_000).toUTCString();
    expect((await get(path, { headers: { 'if-none-match': '"other"', 'if-modified-since': future } })).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const full = await get(path);
    const head = await get(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
    expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('ignores Authorization', async () => {
    const plain = await get(path);
    const authorised = await get(path, { headers: { authorization: 'Bearer whatever' } });
    expect(authorised.status).toBe(200);
    expect(await authorised.text()).toBe(await plain.text());
  });

  it('refuses other methods with 405, Allow and a JSON body, and answers a CORS preflight', async () => {
    const response = await get(path, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await response.json()).toEqual({ error: 'method_not_allowed', message: 'POST is not allowed here; use GET, HEAD, OPTIONS' });
    const preflight = await get(path, {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('an unknown path', () => {
  it('is a JSON 404 that points to the OpenAPI document', async () => {
    const response = await get('/no/such/thing.json');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({
      error: 'not_found',
      message: 'No resource at /no/such/thing.json. See /.well-known/openapi.json for what this service offers.',
    });
  });

  it('stays a 404 for any method and for path tricks', async () => {
    for (const path of ['/reviews.json/', '/../reviews.json.bak', '/%2e%2e/package.json', '/.well-known/']) {
      const response = await get(path, { method: 'DELETE' });
      expect([404, 405]).toContain(response.status);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });
});
