import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadArtifacts } from '../../functions/builds/artifacts.ts';
import { answerBytes } from '../../functions/http/send.ts';
import { handleSearch } from '../../functions/reviews/search-handler.ts';
import type { RunningServer } from '../../functions/process/server.ts';
import { atomErrors } from '../support/atom.ts';
import { ROOT, SAMPLE_DIST } from '../support/paths.ts';
import { decoded, rawRequest } from '../support/raw-http.ts';
import { serve } from '../support/server.ts';
import { MCP_POST_HEADERS, postInitialize } from '../support/mcp-http.ts';
import { request as undiciRequest } from 'undici';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

let server: RunningServer;
beforeAll(async () => {
  server = await serve(SAMPLE_DIST);
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.url + path, { headers });

describe('search', () => {
  const path = '/api/reviews/search?min_rating=1&limit=100';

  it.each(['br', 'gzip'] as const)('is compressed with %s when asked, and decodes to the uncompressed answer', async (coding) => {
    const plain = await get(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const response = await get(path, { 'accept-encoding': coding === 'br' ? 'gzip, br' : 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(coding);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(plain.body.length * 0.4);
    expect(decoded(response).equals(plain.body)).toBe(true);
  });

  it('sends an answer of 1 KB or less as it is', async () => {
    const response = await get('/api/reviews/search?query=no-such-word-anywhere', { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.body.length).toBeLessThanOrEqual(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('is charged to backpressure at its compressed size', async () => {
    const artifacts = await loadArtifacts(join(SAMPLE_DIST, 'client'));
    const request = (encoding: string | null) => ({
      method: 'GET',
      url: path,
      headers: { get: (name: string) => (name === 'accept-encoding' ? encoding : null) },
    });
    const query = path.split('?')[1] as string;
    const plain = handleSearch(request(null), { params: {}, query }, artifacts);
    const compressed = handleSearch(request('br'), { params: {}, query }, artifacts);
    const plainBytes = answerBytes(plain, false);
    const compressedBytes = answerBytes(compressed, false);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressedBytes - 2048).toBeLessThan((plainBytes - 2048) * 0.4);
    expect(compressedBytes).toBeGreaterThan((compressed.body as Buffer).length);
    plain.onSent?.();
  });
});

/** Asks until the answer carries the build's level's copy (its tag ends in `.br` or `.gz`), within 20 s. */
async function untilBestCopy(path: string, coding: 'br' | 'gzip'): Promise<void> {
  const suffix = coding === 'br' ? '.br"' : '.gz"';
  for (const started = Date.now(); Date.now() - started < 20_000;) {
    const response = await get(path, { 'accept-encoding': coding });
    if (String(response.headers.etag).endsWith(suffix)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${coding} copy at the build's level of ${path} within 20 s`);
}

describe('since, from the first request', () => {
  // A server of its own per coding: nothing is cached, so each request below is the first for its answer.
  it.each([
    ['br', 'br', '.br4'],
    ['gzip', 'gzip', '.gz6'],
  ] as const)(
    'the first answer to a client that accepts %s is compressed, at most 30%% of the identity bytes',
    async (coding, header, suffix) => {
      const fresh = await serve(SAMPLE_DIST);
      try {
        const path = '/api/reviews/since/2023-01-01';
        const first = await rawRequest(fresh.url + path, { headers: { 'accept-encoding': header } });
        const plain = await rawRequest(fresh.url + path);
        expect(first.status).toBe(200);
        expect(first.headers['content-encoding']).toBe(coding);
        expect(first.headers.vary).toBe('Accept-Encoding');
        expect(first.body.length).toBeLessThanOrEqual(plain.body.length * 0.3);
        expect(decoded(first).equals(plain.body)).toBe(true);
        // The fast level's bytes have a tag of their own (a strong tag names bytes), which revalidates.
        expect(first.headers.etag).toBe((plain.headers.etag as string).replace(/"$/, `${suffix}"`));
        const again = await rawRequest(fresh.url + path, {
          headers: { 'accept-encoding': header, 'if-none-match': first.headers.etag as string },
        });
        expect(again.status).toBe(304);
        expect(again.headers.etag).toBe(first.headers.etag);
      } finally {
        await fresh.close();
      }
    },
  );

  it('many first requests for one answer at once all get it compressed, and it is compressed once', async () => {
    const fresh = await serve(SAMPLE_DIST);
    try {
      const path = '/api/reviews/since/2022-01-01';
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => rawRequest(fresh.url + path, { headers: { 'accept-encoding': 'br' } })),
      );
      const bodies = new Set(answers.map((a) => a.body.toString('base64')));
      for (const answer of answers) expect(answer.headers['content-encoding']).toBe('br');
      // One copy, whichever level each got: at most the fast one and the build's one.
      expect(bodies.size).toBeLessThanOrEqual(2);
    } finally {
      await fresh.close();
    }
  });
});

describe('since', () => {
  const path = '/api/reviews/since/2023-01-01';

  it.each(['br', 'gzip'] as const)(
    'is sent compressed with %s once its copy is made, decoding to the uncompressed answer',
    async (coding) => {
      const plain = await get(path);
      const tag = plain.headers.etag as string;
      // The first request that asks for it gets the fast level's copy and queues the build's level.
      const first = await get(path, { 'accept-encoding': coding });
      expect(first.headers.vary).toBe('Accept-Encoding');
      if (first.headers['content-encoding'] === undefined) expect(first.body.equals(plain.body)).toBe(true);
      else expect(decoded(first).equals(plain.body)).toBe(true);
      await untilBestCopy(path, coding);
      const response = await get(path, { 'accept-encoding': `${coding}, identity;q=0.5` });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      const suffix = coding === 'br' ? '.br' : '.gz';
      expect(response.headers.etag).toBe(tag.replace(/"$/, `${suffix}"`));
      expect(response.headers['last-modified']).toBe(plain.headers['last-modified']);
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(decoded(response).equals(plain.body)).toBe(true);
      // At the build's levels: brotli 11 makes it under a quarter of its size.
      if (coding === 'br') expect(response.body.length).toBeLessThan(plain.body.length * 0.25);

      // Each encoding's tag revalidates, whatever the client accepts now.
      for (const etag of [tag, response.headers.etag as string, first.headers.etag as string]) {
        for (const encoding of [coding, 'identity']) {
          const again = await get(path, { 'accept-encoding': encoding, 'if-none-match': `W/${etag}` });
          expect(again.status).toBe(304);
          expect(again.headers.etag).toBe(etag);
          expect(again.headers.vary).toBe('Accept-Encoding');
        }
      }
      expect((await get(path, { 'accept-encoding': coding, 'if-none-match': '"other.br"' })).status).toBe(200);
    },
  );

  it('answers HEAD like GET', async () => {
    await untilBestCopy(path, 'br');
    const full = await get(path, { 'accept-encoding': 'br' });
    const head = await rawRequest(server.url + path, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers.etag).toBe(full.headers.etag);
  });
});

describe('MCP answers', () => {
  it.each(['br', 'gzip'] as const)('are compressed with %s for a client that accepts it, from the first call', async (coding) => {
    const fresh = await serve(SAMPLE_DIST, {}, { mcp: {} });
    try {
      const session = (await postInitialize(fresh.url)).headers.get('mcp-session-id') as string;
      const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_reviews', arguments: { limit: 20 } } };
      const post = (acceptEncoding: string) =>
        undiciRequest(`${fresh.url}/mcp`, {
          method: 'POST',
          headers: { ...MCP_POST_HEADERS, 'mcp-session-id': session, 'accept-encoding': acceptEncoding },
          body: JSON.stringify(call),
        });
      const plain = await post('identity');
      const plainBody = Buffer.from(await plain.body.arrayBuffer());
      const compressed = await post(coding);
      const body = Buffer.from(await compressed.body.arrayBuffer());
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe(coding);
      expect(compressed.headers.vary).toBe('Accept-Encoding');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(body.length).toBeLessThan(plainBody.length * 0.4);
      const text = (coding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString('utf8');
      expect(JSON.parse(text)).toEqual(JSON.parse(plainBody.toString('utf8')));
    } finally {
      await fresh.close();
    }
  });
});

describe('the feeds, read by a client that decompresses', () => {
  it.each(['br', 'gzip'])('the Atom feed is valid RFC 4287 (libxml2) when sent as %s', async (coding) => {
    const response = await fetch(`${server.url}/feed.xml`, { headers: { 'accept-encoding': coding } });
    expect(response.headers.get('content-encoding')).toBe(coding);
    const errors = atomErrors(await response.text());
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it.each(['br', 'gzip'])('the JSON Feed is valid JSON Feed 1.1 when sent as %s', async (coding) => {
    const schema = JSON.parse(await readFile(join(ROOT, 'node_modules/jsonfeed-schema/schema-v1.1.json'), 'utf8'));
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const response = await fetch(`${server.url}/api/feed.json`, { headers: { 'accept-encoding': coding } });
    expect(response.headers.get('content-encoding')).toBe(coding);
    const feed = await response.json();
    expect(validate(feed), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(feed.items.length).toBeGreaterThan(0);
  });
});
