import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, brotliDecompressSync, createBrotliDecompress, createGunzip, gunzip, gunzipSync } from 'node:zlib';
import { lookup } from 'mrmime';
import { CONTENT_TYPES, PATHS } from '../../src/lib/endpoints.ts';
import { PRECOMPRESSED } from '../../src/build/precompress.ts';
import { etagListMatches, validatorHeaders, type Validators } from '../http/conditional.ts';
import { acceptedCodings, type Coding } from '../http/negotiation.ts';
import type { HttpReply, HttpRequest } from '../http/reply.ts';
import { headersByKind } from './headers.ts';

/** One encoding of a built file: its bytes, tag and headers, computed once per load. */
export interface Variant {
  coding: Coding;
  /** Undefined for the identity bytes of a large file, which are decoded from a compressed copy when asked for (`RESIDENT_MAX_BYTES`). */
  body: Buffer | undefined;
  /** Strong, one per encoding: the file's hash, then `.br` or `.gz` for a compressed one. */
  etag: string;
  headers: Record<string, string>;
  /** A 304 repeats the validators, Vary and caching headers, without the body's type and coding. */
  notModifiedHeaders: Record<string, string>;
}

/** One built file, held in memory once per encoding. Its validators and headers are the identity encoding's. */
export interface StaticFile extends Validators {
  /** The file's bytes: held, or decoded from its compressed copy on each call for a large file (the caller keeps what it needs). */
  bytes(): Buffer;
  /**
   * The identity bytes of a file held compressed only, decoded on the thread
   * pool. Requests that arrive while a decode is in flight share it and its
   * buffer: a flood of identity requests costs one decode and one copy at a
   * time per file, not one each.
   */
  decoded(): Promise<Buffer>;
  /** SHA-256 of the body, hex, computed once per load: the ETag is cut from it and the hub compares topics by it. */
  sha256: string;
  headers: Record<string, string>;
  /** Identity first, then the precompressed encodings smaller than it (`file.br`, `file.gz` from the build). */
  variants: readonly Variant[];
  /** The variant for each coding the file has. */
  byCoding: Partial<Record<Coding, Variant>>;
}

/** The media types docs/interface.md names, where the extension alone would say otherwise. */
const TYPE_BY_PATH: Record<string, string> = {
  [PATHS.jsonFeed]: CONTENT_TYPES.jsonFeed,
  [PATHS.atomFeed]: CONTENT_TYPES.atom,
};

const ETAG_SUFFIX: Record<Coding, string> = { identity: '', br: '.br', gzip: '.gz' };

/** The site's HTML 404 page, served to browsers for unknown paths (docs/interface.md, "Read endpoints"). */
const NOT_FOUND_PAGE = '/404.html';

/**
 * A file larger than this with a compressed copy is held compressed only: its
 * identity bytes are decoded from the copy when a client that accepts neither
 * br nor gzip asks for them (browsers, feed readers and the MCP clients all
 * accept one). At 10,000 reviews the summary pages, `/insights.json` and
 * their like are 50 of the build's 57 MB, and 5 MB compressed
 * (docs/read-path.md, "Memory").
 */
export const RESIDENT_MAX_BYTES = 256 * 1024;

/**
 * Serves `dist/client` from memory: no `stat` per request, validators and
 * headers precomputed, one copy of each encoding's bytes. Each load is a new
 * snapshot; a file whose bytes changed gets a Last-Modified later than the
 * one it replaces, so a client that only sends If-Modified-Since never gets a
 * wrong 304.
 */
export class StaticSite {
  #files = new Map<string, StaticFile>();
  #notFound: Partial<Record<Coding, Variant>> | undefined;
  readonly root: string;
  #previous: StaticSite | undefined;

  readonly #resident: ReadonlySet<string>;

  /**
   * `previous`: the snapshot this one replaces, whose Last-Modified values it must not go behind.
   * `resident`: paths whose identity bytes stay in memory whatever their size (the server reads them itself).
   */
  constructor(root: string, previous?: StaticSite, resident: readonly string[] = []) {
    this.root = root;
    this.#previous = previous;
    this.#resident = new Set([NOT_FOUND_PAGE, ...resident]);
  }

  async load(): Promise<void> {
    const previous = this.#previous ? this.#previous.#files : new Map<string, StaticFile>();
    const next = new Map<string, StaticFile>();
    const files = await listFiles(this.root);
    const names = new Set(files);
    for (const file of files) {
      // `x.br` and `x.gz` beside `x` are encodings of `x`, not files of their own.
      if (PRECOMPRESSED.some(({ suffix }) => file.endsWith(suffix) && names.has(file.slice(0, -suffix.length)))) continue;
      const urlPath = '/' + relative(this.root, file).split(sep).join('/');
      const siblings = PRECOMPRESSED.filter(({ suffix }) => names.has(file + suffix));
      next.set(urlPath, await readStaticFile(file, urlPath, siblings, previous.get(urlPath), this.#resident.has(urlPath)));
    }
    this.#files = next;
    const page = next.get(NOT_FOUND_PAGE);
    this.#notFound = page && Object.fromEntries(page.variants.map((v) => [v.coding, notFoundVariant(v)]));
    // Drop the link, or every snapshot would keep all older ones alive.
    this.#previous = undefined;
  }

  get(path: string): StaticFile | undefined {
    return this.#files.get(path) ?? this.#files.get(indexPath(path)) ?? this.#files.get(`${path.replace(/\/$/, '')}.html`);
  }

  /** Answers GET/HEAD for a built file, or undefined when there is none. */
  serve(request: HttpRequest, path: string): HttpReply | Promise<HttpReply> | undefined {
    const file = this.get(path);
    if (!file) return undefined;
    const variant = (file.variants.length === 1 ? file.variants[0] : pick(file.byCoding, request)) as Variant;
    const notModified = notModifiedVariant(request, file, variant);
    if (notModified) return { status: 304, headers: notModified.notModifiedHeaders, body: null };
    if (variant.body === undefined) return file.decoded().then((body) => ({ status: 200, headers: variant.headers, body }));
    return { status: 200, headers: variant.headers, body: variant.body };
  }

  get hasNotFoundPage(): boolean {
    return this.#notFound !== undefined;
  }

  /** The site's HTML 404 page as a 404 answer, when the build has one. */
  notFoundPage(request: HttpRequest): HttpReply | undefined {
    if (!this.#notFound) return undefined;
    const variant = pick(this.#notFound, request);
    // The 404 page is always held (its identity bytes too): it is never decoded per request.
    return { status: 404, headers: variant.headers, body: variant.body ?? null };
  }
}

/** The first of the request's accepted codings the file has; identity when it has none of them. */
function pick(byCoding: Partial<Record<Coding, Variant>>, request: HttpRequest): Variant {
  for (const coding of acceptedCodings(request.headers.get('accept-encoding'))) {
    const variant = byCoding[coding];
    if (variant) return variant;
  }
  return byCoding.identity as Variant;
}

/**
 * RFC 9110 §13.2.2, with one tag per encoding: If-None-Match decides alone
 * when present, and any of the file's tags matches (a cache holding the gzip
 * copy may revalidate it whatever it asks for; the 304 names the tag it
 * matched, which tells the cache which copy to use, RFC 9111 §4.3.4). Only
 * without it is If-Modified-Since considered.
 */
function notModifiedVariant(request: HttpRequest, file: StaticFile, selected: Variant): Variant | undefined {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch !== null) {
    if (etagListMatches(ifNoneMatch, selected.etag)) return selected;
    for (const variant of file.variants) if (variant !== selected && etagListMatches(ifNoneMatch, variant.etag)) return variant;
    return undefined;
  }
  const ifModifiedSince = request.headers.get('if-modified-since');
  if (ifModifiedSince === null) return undefined;
  const since = Date.parse(ifModifiedSince);
  // An unparsable date is ignored (RFC 9110 §13.1.3), never a 304. So is a date
  // in the future: it vouches for no copy, and a change made before it but after
  // now would otherwise be answered 304.
  return !Number.isNaN(since) && since <= Date.now() && file.lastModifiedSeconds <= Math.floor(since / 1000) ? selected : undefined;
}

function indexPath(path: string): string {
  return path.endsWith('/') ? `${path}index.html` : `${path}/index.html`;
}

async function readStaticFile(
  file: string,
  urlPath: string,
  siblings: readonly (typeof PRECOMPRESSED)[number][],
  previous: StaticFile | undefined,
  resident: boolean,
): Promise<StaticFile> {
  const [info, ...encoded] = await Promise.all([stat(file), ...siblings.map((s) => readFile(file + s.suffix))]);
  // A large file is hashed and checked against its copies in chunks: no whole-file buffer is made and dropped (such
  // buffers, freed, raise glibc's mmap threshold, and what is allocated after them stays resident).
  const large = info.size > RESIDENT_MAX_BYTES;
  const held = !large || resident || siblings.length === 0 ? await readFile(file) : undefined;
  // Unbounded, so always a digest.
  const digest = held ? createHash('sha256').update(held).digest() : ((await streamDigest(createReadStream(file))) as Buffer);
  const hash = digest.toString('base64url').slice(0, 32);
  const etag = `"${hash}"`;
  const mtime = Math.floor(info.mtimeMs / 1000);
  const lastModifiedSeconds = !previous
    ? mtime
    : previous.etag === etag
      ? previous.lastModifiedSeconds
      : Math.max(mtime, previous.lastModifiedSeconds + 1);
  const type = TYPE_BY_PATH[urlPath] ?? lookup(urlPath) ?? 'application/octet-stream';
  const kind = headersByKind(urlPath, type);
  const codings: { coding: Coding; body: Buffer | undefined }[] = [{ coding: 'identity', body: held }];
  for (const [i, s] of siblings.entries()) {
    const bytes = encoded[i] as Buffer;
    // The build keeps only smaller encodings; a stray larger file is not worth sending. A copy that does not
    // decode to the file (the file edited or replaced after the build) is never sent: checking costs a few
    // milliseconds per megabyte, once per load.
    if (bytes.length < info.size && (await decodesTo(bytes, s.coding, info.size, digest))) codings.push({ coding: s.coding, body: bytes });
  }
  // No copy decodes to it after all: the file is held as it is.
  const identity = codings[0] as { body: Buffer | undefined };
  if (identity.body === undefined && codings.length === 1) identity.body = await readFile(file);
  const vary = codings.length > 1 ? { vary: 'Accept-Encoding' } : undefined;
  const variants = codings.map(({ coding, body: bytes }): Variant => {
    const tag = `"${hash}${ETAG_SUFFIX[coding]}"`;
    const validators = validatorHeaders({ etag: tag, lastModifiedSeconds });
    const headers: Record<string, string> = {
      ...kind,
      ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
      ...vary,
      ...validators,
    };
    const { 'content-type': _type, 'content-encoding': _coding, ...notModifiedHeaders } = headers;
    return { coding, body: bytes, etag: tag, headers, notModifiedHeaders };
  });
  const identityVariant = variants[0] as Variant;
  const byCoding: Partial<Record<Coding, Variant>> = Object.fromEntries(variants.map((v) => [v.coding, v]));
  let decoding: Promise<Buffer> | undefined;
  const decoded = (): Promise<Buffer> => {
    if (identityVariant.body) return Promise.resolve(identityVariant.body);
    decoding ??= decodeSoon(byCoding).finally(() => (decoding = undefined));
    return decoding;
  };
  return {
    etag,
    lastModifiedSeconds,
    bytes: () => identityVariant.body ?? decodeNow(byCoding),
    decoded,
    sha256: digest.toString('hex'),
    headers: identityVariant.headers,
    variants,
    byCoding,
  };
}

async function streamDigest(chunks: AsyncIterable<Buffer>, maxBytes = Infinity): Promise<Buffer | undefined> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > maxBytes) return undefined;
    hash.update(chunk);
  }
  return hash.digest();
}

/** Whether `encoded` decodes to the file of `size` bytes hashed to `digest`, decoded in chunks and stopped past `size`. */
async function decodesTo(encoded: Buffer, coding: 'br' | 'gzip', size: number, digest: Buffer): Promise<boolean> {
  const decoder = coding === 'br' ? createBrotliDecompress() : createGunzip();
  decoder.end(encoded);
  try {
    return (await streamDigest(decoder, size))?.equals(digest) ?? false;
  } catch {
    return false;
  } finally {
    decoder.destroy();
  }
}

const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);

/** The identity bytes of a file held compressed only, from its gzip copy (the faster to decode), on the thread pool. */
function decodeSoon(byCoding: Partial<Record<Coding, Variant>>): Promise<Buffer> {
  const gzip = byCoding.gzip?.body;
  return gzip ? gunzipAsync(gzip) : brotliDecompressAsync(byCoding.br?.body as Buffer);
}

function decodeNow(byCoding: Partial<Record<Coding, Variant>>): Buffer {
  const gzip = byCoding.gzip?.body;
  return gzip ? gunzipSync(gzip) : brotliDecompressSync(byCoding.br?.body as Buffer);
}

/** A variant of the 404 page as the body of a 404: no validators (a miss is not revalidated), and it varies by Accept too. */
function notFoundVariant(variant: Variant): Variant {
  const { etag: _etag, 'last-modified': _lastModified, vary: _vary, ...rest } = variant.headers;
  const headers = { ...rest, 'cache-control': 'no-cache', vary: variant.headers.vary ? 'Accept, Accept-Encoding' : 'Accept' };
  return { ...variant, headers, notModifiedHeaders: headers };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}
