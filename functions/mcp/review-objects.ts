import type { ReviewIndex } from '../../src/lib/search/index.ts';
import type { Review } from '../../src/schemas/review.ts';

/**
 * Reviews as objects and as JSON strings, for tool answers, kept per
 * snapshot. An answer needs both: the object for `structuredContent` (which
 * the SDK validates) and the JSON as its text block. Parsing each review, and
 * decoding the answer's bytes into one new string of tens of kilobytes, for
 * every answer made most of a call's cost and most of the garbage its
 * collection then paid for; from the cache, the objects are shared and the
 * text is a concatenation of shared strings (V8 joins them without copying).
 *
 * Bounded, so a large business costs at most this many entries (about 2 KB
 * each) beside the bytes the index keeps; past the bound a review is parsed
 * per answer, as before. Cached objects are shared between answers, so they
 * are frozen: nothing can change one under another answer, and a frozen
 * object that passed the output schema once passes again (memoized-output.ts).
 */
export const MAX_CACHED_REVIEWS = 4096;

interface Entry {
  json: string;
  review: Review;
}

const cache = new WeakMap<ReviewIndex, { entries: (Entry | undefined)[]; count: number }>();

/** The reviews at `positions`, and `prefix` + their JSON joined with commas + `suffix` as text. */
export function reviewsWithText(
  index: ReviewIndex,
  positions: readonly number[],
  prefix: string,
  suffix: string,
): { reviews: Review[]; text: string } {
  let snapshot = cache.get(index);
  if (!snapshot) cache.set(index, (snapshot = { entries: [], count: 0 }));
  const reviews: Review[] = [];
  let text = prefix;
  for (let i = 0; i < positions.length; i += 1) {
    const p = positions[i] as number;
    let entry = snapshot.entries[p];
    if (entry === undefined) {
      const { joined, prefixBytes } = index;
      const json = joined.toString('utf8', p === 0 ? 0 : (prefixBytes[p] as number) + 1, prefixBytes[p + 1]);
      entry = { json, review: deepFreeze(JSON.parse(json) as Review) };
      if (snapshot.count < MAX_CACHED_REVIEWS) {
        snapshot.entries[p] = entry;
        snapshot.count += 1;
      }
    }
    reviews.push(entry.review);
    text += i === 0 ? entry.json : `,${entry.json}`;
  }
  return { reviews, text: text + suffix };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
