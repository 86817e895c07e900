import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESIDENT_MAX_BYTES, StaticSite } from '../../functions/static/static-site.ts';
import type { HttpReply } from '../../functions/http/reply.ts';

/** Large built files are held compressed only, their identity bytes decoded per request (functions/static/static-site.ts). */
let dir: string;
let site: StaticSite;
const page = Buffer.from(Array.from({ length: 12_000 }, (_, i) => `<li>review ${i}: ${(i * 7919).toString(36)} — café</li>\n`).join(''));
const other = Buffer.from(page.toString('utf8').replaceAll('review', 'answer'));
// A fast level: the test is about which bytes are held, not how small they are.
const pageBr = brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });

beforeAll(async () => {
  expect(page.length).toBeGreaterThan(RESIDENT_MAX_BYTES);
  dir = await mkdtemp(join(tmpdir(), 'held-compressed-'));
  await writeFile(join(dir, 'big.html'), page);
  await writeFile(join(dir, 'big.html.gz'), gzipSync(page));
  await writeFile(join(dir, 'big.html.br'), pageBr);
  // Copies of another file (the page edited after the build): never sent, and the page is held as it is.
  await writeFile(join(dir, 'stale.html'), page);
  await writeFile(join(dir, 'stale.html.gz'), gzipSync(other));
  await writeFile(join(dir, 'kept.json'), page);
  await writeFile(join(dir, 'kept.json.gz'), gzipSync(page));
  site = new StaticSite(dir, undefined, ['/kept.json']);
  await site.load();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const request = (headers: Record<string, string> = {}) => ({ method: 'GET', url: '/', headers: new Headers(headers) });
const body = async (reply: HttpReply | Promise<HttpReply> | undefined) => {
  const answer = await reply;
  return Buffer.from(answer?.body as Uint8Array);
};
const tag = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;

describe('a built file over RESIDENT_MAX_BYTES with compressed copies', () => {
  it('is held compressed only, and a client that accepts no coding gets its bytes, decoded', async () => {
    const file = site.get('/big.html');
    expect(file?.byCoding.identity?.body).toBeUndefined();
    expect(file?.byCoding.gzip?.body).toBeDefined();
    const reply = await site.serve(request(), '/big.html');
    expect(reply?.status).toBe(200);
    expect(reply?.headers.etag).toBe(tag(page));
    expect(await body(reply)).toEqual(page);
    expect(file?.bytes()).toEqual(page);
  });

  it('decodes once for identity requests that arrive together: they share one buffer, and a later request decodes anew', async () => {
    const replies = await Promise.all(Array.from({ length: 50 }, () => site.serve(request(), '/big.html')));
    const first = replies[0]?.body;
    expect(first).toEqual(page);
    for (const reply of replies) expect(reply?.body).toBe(first);
    const later = await site.serve(request(), '/big.html');
    expect(later?.body).toEqual(page);
    expect(later?.body).not.toBe(first);
  });

  it('is sent as its copies to clients that accept them, tagged as before', async () => {
    const br = await site.serve(request({ 'accept-encoding': 'br, gzip' }), '/big.html');
    expect(br?.headers['content-encoding']).toBe('br');
    expect(br?.headers.etag).toBe(`${tag(page).slice(0, -1)}.br"`);
    expect(await body(br)).toEqual(pageBr);
    const notModified = await site.serve(request({ 'if-none-match': tag(page) }), '/big.html');
    expect(notModified?.status).toBe(304);
  });

  it('is held as it is when no copy decodes to it, or when it is a file the server reads itself', async () => {
    const stale = site.get('/stale.html');
    expect(stale?.variants.map((v) => v.coding)).toEqual(['identity']);
    expect(await body(site.serve(request({ 'accept-encoding': 'gzip' }), '/stale.html'))).toEqual(page);
    expect(site.get('/kept.json')?.byCoding.identity?.body).toEqual(page);
  });
});
