import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../functions/process/server.ts';
import { precompressDir } from '../../src/build/precompress.ts';
import { SAMPLE_DIST } from '../support/paths.ts';
import { decoded, rawRequest } from '../support/raw-http.ts';
import { serve } from '../support/server.ts';

// The sample build plus the kinds of file the public site adds (pages, the embed card, a
// fingerprinted stylesheet, the badge, a 404 page), precompressed as the build does.
let dist: string;
let server: RunningServer;
const page = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><link rel="stylesheet" href="/_astro/site.Ab12Cd34.css"></head>` +
  `<body><main><h1>${title}</h1>${'<p>Harbor &amp; Pine Electric, verified reviews.</p>'.repeat(40)}</main></body></html>`;
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'site-headers-'));
  await cp(join(SAMPLE_DIST, 'client'), join(dist, 'client'), { recursive: true });
  await cp(join(SAMPLE_DIST, 'build.json'), join(dist, 'build.json'));
  const client = join(dist, 'client');
  await mkdir(join(client, '_astro'), { recursive: true });
  await writeFile(join(client, '404.html'), page('Page not found'));
  await writeFile(join(client, 'index.html'), page('Harbor & Pine Electric'));
  await writeFile(join(client, 'reviews.html'), page('Reviews'));
  await writeFile(join(client, 'embed.html'), page('Reviews card'));
  await writeFile(join(client, '_astro/site.Ab12Cd34.css'), `main { max-width: 40rem; }\n`.repeat(60));
  await writeFile(join(client, 'badge.svg'), '<svg xmlns="http://www.w3.org/2000/svg" role="img"><title>Rated</title></svg>');
  await writeFile(join(client, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  await writeFile(join(client, 'edited.json'), JSON.stringify({ text: 'before the edit '.repeat(200) }));
  await precompressDir(client);
  // Edited by hand after the build: its .br and .gz hold the old bytes.
  await writeFile(join(client, 'edited.json'), JSON.stringify({ text: 'after the edit '.repeat(200) }));
  server = await serve(dist);
});
afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(server.url + path, { method, headers });

describe('pages', () => {
  it.each(['/', '/index.html', '/reviews', '/reviews/', '/reviews.html'])('%s is HTML with the page policy', async (path) => {
    const response = await get(path, { accept: BROWSER, 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = response.headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(decoded(response).toString()).toMatch(/^<!doctype html>/i);
  });

  it('the embed card may be framed by any site, and only it', async () => {
    for (const path of ['/embed', '/embed/']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(response.headers['content-security-policy']).toContain("script-src 'none'");
      expect(response.headers['x-frame-options']).toBeUndefined();
    }
  });
});

describe('other kinds of file', () => {
  it('a fingerprinted asset is cached for a year, immutable', async () => {
    const response = await get('/_astro/site.Ab12Cd34.css', { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('an SVG carries a policy that runs no script', async () => {
    const response = await get('/badge.svg');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a file under 1 KB is sent as it is, without Vary, whatever the client accepts', async () => {
    const response = await get('/robots.txt', { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.body.toString()).toBe('User-agent: *\nAllow: /\n');
  });
});

describe('a file changed after the build', () => {
  it('is sent as it is now: the stale compressed copies are never sent', async () => {
    const response = await get('/edited.json', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(JSON.parse(response.body.toString()).text).toMatch(/^after the edit/);
  });
});

describe('an unknown path', () => {
  it('is the site 404 page, with status 404, for a browser', async () => {
    const expected = await readFile(join(dist, 'client/404.html'));
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await get('/no/such/page', { accept: BROWSER, ...(encoding ? { 'accept-encoding': encoding } : {}) });
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('Accept, Accept-Encoding');
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['content-security-policy']).toContain("script-src 'none'");
      expect(decoded(response).equals(expected)).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
    }
    const head = await get('/no/such/page', { accept: BROWSER }, 'HEAD');
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(expected.length);
  });

  it('stays the JSON 404 for any other client', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html;q=0.5']) {
      const response = await get('/no/such/page', accept ? { accept } : {});
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers.vary).toBe('Accept');
      expect(JSON.parse(response.body.toString()).error).toBe('not_found');
    }
  });
});

describe('every answer carries nosniff', () => {
  it.each([
    ['/api/reviews/search?rating=9', 400, 'GET'],
    ['/api/reviews/since/2026-02-30', 400, 'GET'],
    ['/reviews.json', 405, 'POST'],
    ['/api/reviews/search?rating=5', 200, 'GET'],
    ['/reviews.json', 204, 'OPTIONS'],
  ])('%s → %i', async (path, status, method) => {
    const response = await get(path, {}, method);
    expect(response.status).toBe(status);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
