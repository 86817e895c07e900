import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { lookup } from 'mrmime';
import { CONTENT_TYPES, PATHS } from '../../src/lib/endpoints.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { isNotModified, validatorHeaders, type Validators } from '../http/conditional.ts';
import type { HttpReply, HttpRequest } from '../http/reply.ts';

/** One built file, held in memory with its headers computed once. */
export interface StaticFile extends Validators {
  body: Buffer;
  /** SHA-256 of the body, hex, computed once per load: the ETag is cut from it and the hub compares topics by it. */
  sha256: string;
  headers: Record<string, string>;
}

/** The contract's media types where the extension alone would say otherwise. */
const TYPE_BY_PATH: Record<string, string> = {
  [PATHS.jsonFeed]: CONTENT_TYPES.jsonFeed,
  [PATHS.atomFeed]: CONTENT_TYPES.atom,
};

/**
 * Serves `dist/client` from memory: no `stat` per request, validators and
 * headers precomputed. Each load is a new snapshot; a file whose
 * bytes changed gets a Last-Modified later than the one it replaces, so a
 * client that only sends If-Modified-Since never gets a wrong 304.
 */
export class StaticSite {
  #files = new Map<string, StaticFile>();
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
    for (const file of await listFiles(this.root)) {
      const urlPath = '/' + relative(this.root, file).split(sep).join('/');
      next.set(urlPath, await readStaticFile(file, urlPath, previous.get(urlPath)));
    }
    this.#files = next;
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
    if (isNotModified(request, file)) return { status: 304, headers: notModifiedHeaders(file), body: null };
    return { status: 200, headers: file.headers, body: file.body };
  }
}

function indexPath(path: string): string {
  return path.endsWith('/') ? `${path}index.html` : `${path}/index.html`;
}

async function readStaticFile(file: string, urlPath: string, previous: StaticFile | undefined): Promise<StaticFile> {
  const [body, info] = await Promise.all([readFile(file), stat(file)]);
  const digest = createHash('sha256').update(body).digest();
  const etag = `"${digest.toString('base64url').slice(0, 32)}"`;
  const mtime = Math.floor(info.mtimeMs / 1000);
  const lastModifiedSeconds = !previous
    ? mtime
    : previous.etag === etag
      ? previous.lastModifiedSeconds
      : Math.max(mtime, previous.lastModifiedSeconds + 1);
  const validators = { etag, lastModifiedSeconds };
  const type = TYPE_BY_PATH[urlPath] ?? lookup(urlPath) ?? 'application/octet-stream';
  return {
    ...validators,
    body,
    sha256: digest.toString('hex'),
    headers: {
      'content-type': type.startsWith('text/') || type.endsWith('json') || type.endsWith('xml') ? `${type}; charset=utf-8` : type,
      'cache-control': urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=60, must-revalidate',
      ...CORS_HEADERS,
      ...validatorHeaders(validators),
    },
  };
}

/** A 304 repeats the validators and caching headers, without the body's type. */
function notModifiedHeaders(file: StaticFile): Record<string, string> {
  const { 'content-type': _type, ...rest } = file.headers;
  return rest;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}
