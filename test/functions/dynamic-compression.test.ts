import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadArtifacts } from '../../functions/builds/artifacts.ts';
import { answerBytes } from '../../functions/http/send.ts';
import { handleSearch } from '../../functions/reviews/search-handler.ts';
import { sinceCopies } from '../../functions/reviews/since-handler.ts';
import type { RunningServer } from '../../functions/process/server.ts';
import { atomErrors } from '../support/atom.ts';
import { ROOT, SAMPLE_DIST } from '../support/paths.ts';
import { decoded, rawRequest } from '../support/raw-http.ts';
import { serve } from '../support/server.ts';

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
    const plain = handleSearch(query, artifacts, request(null));
    const compressed = handleSearch(query, artifacts, request('br'));
    const plainBytes = answerBytes(plain, false);
    const compressedBytes = answerBytes(compressed, false);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressedBytes - 2048).toBeLessThan((plainBytes - 2048) * 0.4);
    expect(compressedBytes).toBeGreaterThan((compressed.body as Buffer).length);
    plain.onSent?.();
  });
});

describe('since', () => {
  const path = '/api/reviews/since/2023-01-01';

  it.each(['br', 'gzip'] as const)(
    'is sent compressed with %s once its copy is made, decoding to the uncompressed answer',
    async (coding) => {
      const plain = await get(path);
      const tag = plain.headers.etag as string;
      // The first request that asks for it queues the copy and is answered uncompressed.
      const first = await get(path, { 'accept-encoding': coding });
      expect(first.headers.vary).toBe('Accept-Encoding');
      if (first.headers['content-encoding'] === undefined) expect(first.body.equals(plain.body)).toBe(true);
      await sinceCopies.settled();
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
      for (const etag of [tag, response.headers.etag as string]) {
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
    await get(path, { 'accept-encoding': 'br' });
    await sinceCopies.settled();
    const full = await get(path, { 'accept-encoding': 'br' });
    const head = await rawRequest(server.url + path, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers.etag).toBe(full.headers.etag);
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
