import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { acceptedCodings, type Coding } from './negotiation.ts';
import type { HttpReply, HttpRequest } from './reply.ts';

/** Answers this size or smaller go as they are: compressing them saves less than it costs. */
export const DYNAMIC_MIN_BYTES = 1024;

/** The compressed codings, and the tag suffix of each (`"…"` → `"….br"`), as for the precompressed files. */
export type CompressedCoding = Exclude<Coding, 'identity'>;
export const ETAG_SUFFIX: Readonly<Record<CompressedCoding, string>> = { br: '.br', gzip: '.gz' };
/** The tag suffix of a copy at the fast level, which is other bytes than the build's level's copy (a strong tag names bytes). */
export const FAST_ETAG_SUFFIX: Readonly<Record<CompressedCoding, string>> = { br: '.br4', gzip: '.gz6' };

/** The ETag of a compressed copy of the answer tagged `etag`. */
export function taggedFor(etag: string, coding: CompressedCoding, best: boolean): string {
  return `${etag.slice(0, -1)}${(best ? ETAG_SUFFIX : FAST_ETAG_SUFFIX)[coding]}"`;
}

/**
 * The compressed coding to answer with, or undefined for identity: the
 * request's first accepted coding, for a body over 1 KB.
 */
export function dynamicCoding(request: HttpRequest, size: number): CompressedCoding | undefined {
  if (size <= DYNAMIC_MIN_BYTES) return undefined;
  const header = request.headers.get('accept-encoding');
  if (header === null) return undefined;
  const best = acceptedCodings(header)[0];
  return best === 'identity' ? undefined : best;
}

/**
 * Fast levels, for answers compressed on the request's own turn. On the
 * sample's since answer from 2023-01-01 (224,546 bytes): brotli 4 makes it
 * 28.6% of its size, gzip 6 29.3% (gzip 1, faster, left 33.9%; gzip 9 gains
 * a tenth of a point for twice the time). Answers up to
 * FAST_SYNC_MAX_BYTES are compressed at once on the event loop (well under
 * a millisecond); larger ones on libuv's thread pool, the request waiting
 * for them. The bytes charged to backpressure are the compressed ones, so a
 * flood of them is held back like any other answer.
 */
const FAST: { br: BrotliOptions; gzip: ZlibOptions } = {
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
  gzip: { level: 6 },
};
export const FAST_SYNC_MAX_BYTES = 64 * 1024;

export function compressFast(body: Uint8Array, coding: CompressedCoding): Buffer {
  return coding === 'br' ? brotliCompressSync(body, FAST.br) : gzipSync(body, FAST.gzip);
}

/** `compressFast`, on the event loop for a small body, on the thread pool for a larger one. */
export function compressFastSoon(body: Buffer, coding: CompressedCoding): Buffer | Promise<Buffer> {
  if (body.length <= FAST_SYNC_MAX_BYTES) return compressFast(body, coding);
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === 'br')
      brotliCompress(body, { ...FAST.br, params: { ...FAST.br.params, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, done);
    else gzip(body, FAST.gzip, done);
  });
}

/**
 * A JSON answer compressed at the fast level for a client that accepts br or
 * gzip (over 1 KB), with `Vary: Accept-Encoding` either way: for answers
 * that are never the same twice (MCP), so nothing is kept.
 */
export async function compressedForClient(request: HttpRequest, reply: HttpReply): Promise<HttpReply> {
  const headers = { ...reply.headers, vary: 'Accept-Encoding' };
  if (typeof reply.body !== 'string') return { ...reply, headers };
  const coding = dynamicCoding(request, reply.body.length);
  if (!coding) return { ...reply, headers };
  const body = await compressFastSoon(Buffer.from(reply.body), coding);
  return { ...reply, headers: { ...headers, 'content-encoding': coding }, body };
}

/** Answers up to this size get the build's levels in the background; larger ones a level that takes a fraction of a second. */
const BEST_LEVEL_MAX_BYTES = 1024 * 1024;

function compressBest(body: Buffer, coding: CompressedCoding): Promise<Buffer> {
  const best = body.length <= BEST_LEVEL_MAX_BYTES;
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (coding === 'gzip') gzip(body, { level: best ? 9 : 6 }, done);
    else
      brotliCompress(
        body,
        {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 6,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        },
        done,
      );
  });
}

export interface CompressedCacheOptions {
  /** Compressed bytes kept in all; the least recently used go first. */
  maxBytes: number;
  /** Answers waiting for the build's level; past it a fast copy stays as it is. */
  maxQueued: number;
}

/** A compressed copy: at the build's level (`best`), or the fast level's copy made on the first request. */
export interface CompressedCopy {
  bytes: Buffer;
  best: boolean;
}

/**
 * Compressed copies of answers that many clients ask for alike (the since
 * listing: a few dates, asked again and again). The first request for an
 * answer gets it compressed at once at a fast level (see FAST), and queues
 * the build's levels (brotli 11, gzip 9), made off the event loop, one at a
 * time, on libuv's thread pool; the next requests get that copy. Requests
 * for an answer whose fast copy is still being made wait for that one
 * rather than make another. Keys name the bytes exactly (the answer's ETag
 * and the coding); the cache belongs to one build (ReadModel).
 */
export class CompressedCache {
  readonly #options: CompressedCacheOptions;
  readonly #entries = new Map<string, CompressedCopy>();
  readonly #making = new Map<string, Promise<CompressedCopy>>();
  readonly #queue = new Map<string, { body: () => Buffer; coding: CompressedCoding }>();
  #bytes = 0;
  #running = false;

  constructor(options: CompressedCacheOptions) {
    this.#options = options;
  }

  /** The copy for `key`: the one held, or the fast level's made now from `body` (whose build's level is queued). */
  get(key: string, coding: CompressedCoding, body: () => Buffer): CompressedCopy | Promise<CompressedCopy> {
    const hit = this.#entries.get(key);
    if (hit !== undefined) return hit;
    const making = this.#making.get(key);
    if (making !== undefined) return making;
    const plain = body();
    const fast = compressFastSoon(plain, coding);
    if (!(fast instanceof Promise)) {
      this.#queueBest(key, coding, body);
      return this.#store(key, { bytes: fast, best: false });
    }
    // The build's level is queued once the fast copy is made: it never holds up the copy a client waits for.
    const copy = fast.then(
      (bytes) => {
        this.#queueBest(key, coding, body);
        return this.#store(key, { bytes, best: false });
      },
      () => ({ bytes: plain, best: false }) as CompressedCopy,
    );
    this.#making.set(key, copy);
    void copy.finally(() => this.#making.delete(key));
    return copy;
  }

  #queueBest(key: string, coding: CompressedCoding, body: () => Buffer): void {
    if (this.#queue.has(key) || this.#queue.size >= this.#options.maxQueued) return;
    // The thunk, not the bytes: a queue of whole-history answers would hold megabytes each until its turn.
    this.#queue.set(key, { body, coding });
    if (!this.#running) void this.#drain();
  }

  /** Bytes held now (for the docs' figures). */
  get bytes(): number {
    return this.#bytes;
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      for (let next = this.#queue.entries().next(); !next.done; next = this.#queue.entries().next()) {
        const [key, job] = next.value;
        try {
          this.#store(key, { bytes: await compressBest(job.body(), job.coding), best: true });
        } catch {
          // A failed compression leaves the fast copy; nothing to recover.
        } finally {
          this.#queue.delete(key);
        }
      }
    } finally {
      this.#running = false;
    }
  }

  #store(key: string, copy: CompressedCopy): CompressedCopy {
    const held = this.#entries.get(key);
    // The build's level is never replaced by a fast copy that finished after it.
    if (held?.best && !copy.best) return held;
    if (copy.bytes.length > this.#options.maxBytes) return copy;
    if (held) this.#bytes -= held.bytes.length;
    this.#entries.delete(key);
    this.#entries.set(key, copy);
    this.#bytes += copy.bytes.length;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes.length;
    }
    return copy;
  }
}
