import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orInto, overlap, popcount, popcountAll } from '../../src/lib/bitset.ts';

/** A bitset of `words` words holding `positions` (each below 32 × words). */
function bitsetOf(words: number, positions: readonly number[]): Uint32Array {
  const bits = new Uint32Array(words);
  for (const p of positions) bits[p >>> 5]! |= 1 << (p & 31);
  return bits;
}

const positions = fc.uniqueArray(fc.nat({ max: 32 * 4 - 1 }), { maxLength: 80 });

describe('popcount', () => {
  it('counts the set bits of any 32-bit word, the sign bit included', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (word) => {
        expect(popcount(word)).toBe([...(word >>> 0).toString(2)].filter((c) => c === '1').length);
      }),
    );
    expect(popcount(-1)).toBe(32);
    expect(popcount(0)).toBe(0);
  });
});

describe('bitsets of positions', () => {
  it('count their positions, in both sets, and in their union', () => {
    fc.assert(
      fc.property(positions, positions, (a, b) => {
        const x = bitsetOf(4, a);
        const y = bitsetOf(4, b);
        expect(popcountAll(x)).toBe(a.length);
        expect(overlap(x, y)).toBe(a.filter((p) => b.includes(p)).length);
        orInto(x, y);
        expect(popcountAll(x)).toBe(new Set([...a, ...b]).size);
        expect(x).toEqual(bitsetOf(4, [...a, ...b]));
      }),
    );
  });
});
