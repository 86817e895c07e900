import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { acceptedCodings, type Coding } from './negotiation.ts';
import type { HttpRequest } from './reply.ts';

/** Answers this size or smaller go as they are: compressing them saves less than it costs. */
export const DYNAMIC_MIN_BYTES = 1024;

/** The compressed codings, and the tag suffix of each (`"…"` → `"….br"`), as for the precompressed files. */
export type CompressedCoding = Exclude<Coding, 'identity'>;
export const ETAG_SUFFIX: Readonly<Record<CompressedCoding, string>> = { br: '.br', gzip: '.gz' };

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
 * Fast levels for answers compressed on the request's own turn (search, whose
 * URLs rarely repeat): brotli 4 is about 85 MB/s and makes a search answer
 * 29% of its size; gzip 1 (nginx's default level) about 140 MB/s, 34%. Both
 * run on the event loop, so the bytes charged to backpressure are the
 * compressed ones, and a flood of them is held back like any other answer.
 */
const FAST: { br: BrotliOptions; gzip: ZlibOptions } = {
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
  gzip: { level: 1 },
};

export function compressFast(body: Uint8Array, coding: CompressedCoding): Buffer {
  return coding === 'br' ? brotliCompressSync(body, FAST.br) : gzipSync(body, FAST.gzip);
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
  /** Answers waiting to be compressed; past it a miss is not queued (it is sent uncompressed, as before). */
  maxQueued: number;
}

/**
 * Compressed copies of answers that many clients ask for alike (the since
 * listing: a few dates, asked again and again), made at the build's levels
 * (brotli 11, gzip 9) off the event loop, one at a time, on libuv's thread
 * pool. A miss is answered uncompressed and queues the compression; the
 * next request for the same answer gets the copy. Keys name the bytes
 * exactly (the answer's ETag and the coding), so a new build's answers
 * never meet an old build's copies; those age out.
 */
export class CompressedCache {
  readonly #options: CompressedCacheOptions;
  readonly #entries = new Map<string, Buffer>();
  readonly #queue = new Map<string, { body: () => Buffer; coding: CompressedCoding }>();
  #bytes = 0;
  #running = false;

  constructor(options: CompressedCacheOptions) {
    this.#options = options;
  }

  /** The copy for `key`, or undefined after queueing its compression (`body` is called then, off the request's turn). */
  get(key: string, coding: CompressedCoding, body: () => Buffer): Buffer | undefined {
    const hit = this.#entries.get(key);
    if (hit !== undefined) return hit;
    if (!this.#queue.has(key) && this.#queue.size < this.#options.maxQueued) {
      this.#queue.set(key, { body, coding });
      if (!this.#running) void this.#drain();
    }
    return undefined;
  }

  /** Bytes held now (for tests and the docs' figures). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Resolves once nothing is queued (tests). */
  async settled(): Promise<void> {
    while (this.#running || this.#queue.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      for (let next = this.#queue.entries().next(); !next.done; next = this.#queue.entries().next()) {
        const [key, job] = next.value;
        try {
          const compressed = await compressBest(job.body(), job.coding);
          this.#store(key, compressed);
        } catch {
          // A failed compression leaves the answer uncompressed; nothing to recover.
        } finally {
          this.#queue.delete(key);
        }
      }
    } finally {
      this.#running = false;
    }
  }

  #store(key: string, compressed: Buffer): void {
    if (compressed.length > this.#options.maxBytes) return;
    this.#entries.set(key, compressed);
    this.#bytes += compressed.length;
    for (const [oldest, bytes] of this.#entries) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= bytes.length;
    }
  }
}
