import { pickFields, reviewAt, type ReviewIndex } from '../../../src/lib/search/index.ts';
import type { Review } from '../../../src/schemas/review.ts';

/**
 * The one speed seam of the MCP path: the snapshot's reviews as objects,
 * parsed once per snapshot and shared by every answer that lists them, where
 * parsing each answer's reviews again made a third of a tools/call's CPU and
 * most of its garbage (bench/mcp.ts). The index keeps reviews as bytes only,
 * so these are parsed lazily, by position, and at most MAX_CACHED_REVIEWS of
 * them (about 2 KB each: 8 MB at the bound) are kept; past it a review is
 * parsed per answer. Shared objects are frozen, so no answer can change one
 * under another. A new snapshot is a new index, hence a new cache.
 */
export const MAX_CACHED_REVIEWS = 4096;

const cache = new WeakMap<ReviewIndex, (Review | undefined)[]>();

/** The reviews at `positions`, with only `fields` when given (new objects, each holding the shared values). */
export function reviewObjects(index: ReviewIndex, positions: readonly number[], fields?: readonly (keyof Review)[]): Partial<Review>[] {
  let cached = cache.get(index);
  if (!cached) cache.set(index, (cached = []));
  return positions.map((p) => {
    let review = cached[p];
    if (review === undefined) {
      review = freeze(reviewAt(index, p));
      if (p < MAX_CACHED_REVIEWS) cached[p] = review;
    }
    return fields ? pickFields(review, fields) : review;
  });
}

function freeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) for (const inner of Object.values(value)) freeze(inner);
  return Object.freeze(value);
}
