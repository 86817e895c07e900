/**
 * Sets of review positions as bitsets: position p is bit `p & 31` of word
 * `p >>> 5`. Shared by the search's postings and the insights' themes.
 */

/** Set bits in a 32-bit word. */
export function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Set bits in a whole bitset. */
export function popcountAll(bits: Uint32Array): number {
  let total = 0;
  for (let w = 0; w < bits.length; w++) total += popcount(bits[w]!);
  return total;
}

/** Positions in both bitsets. */
export function overlap(a: Uint32Array, b: Uint32Array): number {
  let both = 0;
  for (let w = 0; w < a.length; w++) both += popcount(a[w]! & b[w]!);
  return both;
}

/** Adds the positions of `source` to `target`. */
export function orInto(target: Uint32Array, source: Uint32Array): void {
  for (let w = 0; w < target.length; w++) target[w]! |= source[w]!;
}
