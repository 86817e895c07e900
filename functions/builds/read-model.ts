import { pickFields, reviewAt, selectedPositions, type ReviewIndex, type ReviewSelection } from '../../src/lib/search/index.ts';
import type { Review } from '../../src/schemas/review.ts';
import { BufferPool } from '../http/buffer-pool.ts';
import { CompressedCache } from '../http/compress.ts';
import type { Validators } from '../http/conditional.ts';

/**
 * Parsed reviews kept per build: about 2 KB each, 8 MB at the bound; past it a
 * review is parsed per answer. Most answers list recent reviews, which come
 * first.
 */
export const MAX_CACHED_REVIEWS = 4096;

/**
 * What the read endpoints (search, since, the MCP tools) answer from, made
 * when a build loads and dropped with it: the review index, the validators
 * of the `/reviews.json` it came from, and every cache that belongs to this
 * build's answers. Nothing here outlives the build, so a new build never
 * meets an old build's copies and no cache is shared by two builds.
 */
export class ReadModel {
  readonly index: ReviewIndex;
  readonly validators: Validators;
  /** Last-Modified of every answer from this build, written once. */
  readonly lastModified: string;
  /**
   * Compressed answers at the build's levels: clients ask for a few since
   * dates again and again (the last sync of each), so a copy pays for itself.
   * 8 MiB holds a few hundred typical answers (a week's reviews, a few KB
   * compressed) or a handful of whole-history ones at 10,000 reviews.
   */
  readonly compressed = new CompressedCache({ maxBytes: 8 * 1024 * 1024, maxQueued: 32 });
  /** Buffers for answers copied together per request (search): up to 2 MiB kept free. */
  readonly buffers = new BufferPool({ maxFreeBytes: 2 * 1024 * 1024 });
  readonly #objects: (Review | undefined)[] = [];

  constructor(index: ReviewIndex, validators: Validators) {
    this.index = index;
    this.validators = validators;
    this.lastModified = new Date(validators.lastModifiedSeconds * 1000).toUTCString();
  }

  /**
   * The review at a position as an object, parsed once per build and frozen
   * (every answer that lists it shares it, and none can change it under another).
   */
  review(position: number): Review {
    const cached = this.#objects[position];
    if (cached !== undefined) return cached;
    const review = freeze(reviewAt(this.index, position));
    if (position < MAX_CACHED_REVIEWS) this.#objects[position] = review;
    return review;
  }

  /** The selected reviews as objects, with only the selection's fields when it names some. */
  reviews(selection: ReviewSelection): Partial<Review>[] {
    const { fields } = selection;
    return selectedPositions(selection).map((p) => (fields ? pickFields(this.review(p), fields) : this.review(p)));
  }
}

function freeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) for (const inner of Object.values(value)) freeze(inner);
  return Object.freeze(value);
}
