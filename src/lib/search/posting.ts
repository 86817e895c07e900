import { popcount } from '../bitset.ts';
import { BITSET_BREAK_EVEN } from './tuning.ts';

/**
 * The reviews (by position, ascending) that have one property: a rating, a
 * technician, a service, a word. Kept as a sorted list, and as a bitset too
 * when the list is dense enough that the bitset costs no more memory (one bit
 * per review against 32 per entry): then a membership test is one read, and
 * two dense postings intersect 32 reviews per step.
 */
export interface Posting {
  readonly list: Int32Array;
  /** Bit `p & 31` of word `p >>> 5` is set when position p is in the list; undefined for a sparse list. */
  readonly bits: Int32Array | undefined;
  /**
   * With `bits`: `ranks[w]` is how many entries lie below position 32·w, so
   * cutting the list to a date range is two reads and a popcount, not a
   * binary search whose every step may miss the cache.
   */
  readonly ranks: Int32Array | undefined;
}

export const EMPTY_POSTING: Posting = { list: new Int32Array(0), bits: undefined, ranks: undefined };

/** `positions` ascending, each below `count` (the number of reviews). */
export function createPosting(positions: ArrayLike<number>, count: number): Posting {
  const list = Int32Array.from(positions);
  if (list.length * BITSET_BREAK_EVEN < count) return { list, bits: undefined, ranks: undefined };
  const words = bitsetWords(count);
  const bits = new Int32Array(words);
  for (let i = 0; i < list.length; i += 1) setBit(bits, list[i] as number);
  const ranks = new Int32Array(words + 1);
  for (let w = 0; w < words; w += 1) ranks[w + 1] = (ranks[w] as number) + popcount(bits[w] as number);
  return { list, bits, ranks };
}

/** How many entries of the posting are below position `p` (0 ≤ p ≤ the number of reviews): the index in `list` of the first one at or after p. */
export function rank(posting: Posting, p: number): number {
  const { bits, ranks } = posting;
  // ranks and bits come together (createPosting); testing both only narrows the types.
  if (!bits || !ranks) return lowerBound(posting.list, p, 0);
  const w = p >>> 5;
  const below = (p & 31) === 0 ? 0 : popcount((bits[w] as number) & ((1 << (p & 31)) - 1));
  return (ranks[w] as number) + below;
}

/** Whether position p is in the posting: one bit read, or a binary search of a sparse list. */
export function contains(posting: Posting, p: number): boolean {
  if (posting.bits) return hasBit(posting.bits, p);
  return posting.list[lowerBound(posting.list, p, 0)] === p;
}

/** First index in [lo, list.length) whose value is ≥ `value`. */
function lowerBound(list: ArrayLike<number>, value: number, lo: number): number {
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function bitsetWords(count: number): number {
  return (count + 31) >>> 5;
}

export function hasBit(bits: Int32Array, p: number): boolean {
  return (((bits[p >>> 5] as number) >>> (p & 31)) & 1) === 1;
}

export function setBit(bits: Int32Array, p: number): void {
  bits[p >>> 5] = (bits[p >>> 5] as number) | (1 << (p & 31));
}
