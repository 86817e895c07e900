import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
  body: Buffer;
  /** Strong, one per encoding: the file's hash, then `.br` or `.gz` for a compressed one. */
  etag: string;
  headers: Record<string, string>;
  /** A 304 repeats the validators, Vary and caching headers, without the body's type and coding. */
  notModifiedHeaders: Record<string, string>;
}

/** One built file, held in memory once per encoding. Its validators and headers are the identity encoding's. */
export interface StaticFile extends Validators {
  body: Buffer;
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

  /** `previous`: the snapshot this one replaces, whose Last-Modified values it must not go behind. */
  constructor(root: string, previous?: StaticSite) {
    this.root = root;
    this.#previous = previous;
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
      next.set(urlPath, await readStaticFile(file, urlPath, siblings, previous.get(urlPath)));
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
  serve(request: HttpRequest, path: string): HttpReply | undefined {
    const file = this.get(path);
    if (!file) return undefined;
    const variant = file.variants.length === 1 ? file.variants[0] : pick(file.byCoding, request);
    const notModified = notModifiedVariant(request, file, variant as Variant);
    if (notModified) return { status: 304, headers: notModified.notModifiedHeaders, body: null };
    return { status: 200, headers: (variant as Variant).headers, body: (variant as Variant).body };
  }

  get hasNotFoundPage(): boolean {
    return this.#notFound !== undefined;
  }

  /** The site's HTML 404 page as a 404 answer, when the build has one. */
  notFoundPage(request: HttpRequest): HttpReply | undefined {
    if (!this.#notFound) return undefined;
    const variant = pick(this.#notFound, request);
    return { status: 404, headers: variant.headers, body: variant.body };
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
): Promise<StaticFile> {
  const [body, info, ...encoded] = await Promise.all([readFile(file), stat(file), ...siblings.map((s) => readFile(file + s.suffix))]);
  const digest = createHash('sha256').update(body).digest();
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
  const codings: { coding: Coding; body: Buffer }[] = [{ coding: 'identity', body }];
  siblings.forEach((s, i) => {
    const bytes = encoded[i] as Buffer;
    // The build keeps only smaller encodings; a stray larger file is not worth sending. A copy that does not
    // decode to the file (the file edited or replaced after the build) is never sent: checking costs a few
    // milliseconds per megabyte, once per load.
    if (bytes.length < body.length && decodesTo(bytes, s.coding, body)) codings.push({ coding: s.coding, body: bytes });
  });
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
  const identity = variants[0] as Variant;
  return {
    etag,
    lastModifiedSeconds,
    body,
    sha256: digest.toString('hex'),
    headers: identity.headers,
    variants,
    byCoding: Object.fromEntries(variants.map((v) => [v.coding, v])),
  };
}

function decodesTo(encoded: Buffer, coding: 'br' | 'gzip', body: Buffer): boolean {
  try {
    // Bounded: a copy that would decode to more than the file stops there.
    const limit = { maxOutputLength: body.length + 1 };
    return (coding === 'br' ? brotliDecompressSync(encoded, limit) : gunzipSync(encoded, limit)).equals(body);
  } catch {
    return false;
  }
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
