import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../functions/process/server.ts';
import { SAMPLE_DIST } from '../support/paths.ts';
import { decoded, rawRequest } from '../support/raw-http.ts';
import { serve } from '../support/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await serve(SAMPLE_DIST);
});
afterAll(() => server.close());

const ARTIFACTS = ['/reviews.json', '/insights.json', '/api/feed.json', '/feed.xml', '/.well-known/openapi.json'] as const;

/** Accept-Encoding as sent (undefined: no header) → the coding the answer must carry. */
const CASES: { header: string | undefined; coding: 'br' | 'gzip' | 'identity' }[] = [
  { header: 'br', coding: 'br' },
  { header: 'gzip', coding: 'gzip' },
  { header: 'br;q=0, gzip', coding: 'gzip' },
  { header: 'identity', coding: 'identity' },
  { header: '*', coding: 'br' },
  { header: 'gzip;q=0', coding: 'identity' },
  { header: undefined, coding: 'identity' },
];

const SUFFIX = { br: '.br', gzip: '.gz', identity: '' } as const;
const withEncoding = (header: string | undefined): Record<string, string> => (header === undefined ? {} : { 'accept-encoding': header });

describe.each(ARTIFACTS)('%s', (path) => {
  let identity: Buffer;
  let identityTag: string;
  beforeAll(async () => {
    identity = await readFile(join(SAMPLE_DIST, 'client', path));
    identityTag = (await rawRequest(server.url + path)).headers.etag as string;
    expect(identityTag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });

  describe.each(CASES)('Accept-Encoding: $header', ({ header, coding }) => {
    it(`answers ${coding}, with Vary, its own ETag and a body that decodes to the file`, async () => {
      const response = await rawRequest(server.url + path, { headers: withEncoding(header) });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers.etag).toBe(identityTag.replace(/"$/, `${SUFFIX[coding]}"`));
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      if (coding !== 'identity') expect(response.body.length).toBeLessThan(identity.length * 0.4);
      expect(decoded(response).equals(identity)).toBe(true);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    });

    it('answers HEAD with the same headers and no body', async () => {
      const get = await rawRequest(server.url + path, { headers: withEncoding(header) });
      const head = await rawRequest(server.url + path, { method: 'HEAD', headers: withEncoding(header) });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      const { date: _a, ...getHeaders } = get.headers;
      const { date: _b, ...headHeaders } = head.headers;
      expect(headHeaders).toEqual(getHeaders);
    });

    it('answers 304 to its own ETag, and to the tag of any other encoding of the file', async () => {
      const { etag } = (await rawRequest(server.url + path, { headers: withEncoding(header) })).headers;
      const same = await rawRequest(server.url + path, { headers: { ...withEncoding(header), 'if-none-match': etag as string } });
      expect(same.status).toBe(304);
      expect(same.body.length).toBe(0);
      expect(same.headers.etag).toBe(etag);
      expect(same.headers.vary).toBe('Accept-Encoding');
      expect(same.headers['content-encoding']).toBeUndefined();
      for (const other of ['', '.br', '.gz']) {
        const tag = identityTag.replace(/"$/, `${other}"`);
        const response = await rawRequest(server.url + path, { headers: { ...withEncoding(header), 'if-none-match': `"nope", ${tag}` } });
        expect(response.status, tag).toBe(304);
        // The tag it matched tells a cache which of its copies is still good.
        expect(response.headers.etag).toBe(tag);
      }
      const stale = await rawRequest(server.url + path, { headers: { ...withEncoding(header), 'if-none-match': '"nope.br"' } });
      expect(stale.status).toBe(200);
    });
  });
});

describe('the precompressed files', () => {
  it('are never served under their own names', async () => {
    for (const path of ['/reviews.json.br', '/feed.xml.gz']) {
      const response = await rawRequest(server.url + path);
      expect(response.status, path).toBe(404);
    }
  });
});

describe('the built site', () => {
  it('serves its pages compressed, with the page policy, and its 404 page to a browser', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' };
    for (const path of ['/', '/reviews/', '/summary/', '/developers/']) {
      const response = await rawRequest(server.url + path, { headers: browser });
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'none'");
      expect(decoded(response).toString()).toMatch(/^<!doctype html>/i);
    }
    const missing = await rawRequest(`${server.url}/no/such/page/`, { headers: browser });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(decoded(missing).equals(await readFile(join(SAMPLE_DIST, 'client/404.html')))).toBe(true);
  });
});
