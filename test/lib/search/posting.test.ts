import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contains, createPosting, hasBit, rank } from '../../../src/lib/search/posting.ts';

describe('createPosting', () => {
  it('adds a bitset only when it costs no more memory than the list (one bit per review against 32 per entry)', () => {
    expect(createPosting([3, 70], 100).bits).toBeUndefined();
    expect(createPosting([3, 70, 99, 100], 128).bits).toHaveLength(4);
    expect(createPosting([3, 70, 99], 128).bits).toBeUndefined();
  });

  it('sets exactly the listed positions, including the last one of a partial word', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 300 })
          .chain((count) => fc.tuple(fc.constant(count), fc.uniqueArray(fc.nat({ max: count - 1 }), { minLength: Math.ceil(count / 32) }))),
        ([count, positions]) => {
          const sorted = [...positions].sort((a, b) => a - b);
          const { list, bits } = createPosting(sorted, count);
          expect([...list]).toEqual(sorted);
          expect(bits).toBeDefined();
          for (let p = 0; p < count; p += 1) expect(hasBit(bits as Int32Array, p)).toBe(sorted.includes(p));
        },
      ),
    );
  });
});

describe('rank', () => {
  it('is the number of entries below any position, for sparse and dense postings alike', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }).chain((count) => fc.tuple(fc.constant(count), fc.uniqueArray(fc.nat({ max: count - 1 })))),
        ([count, positions]) => {
          const posting = createPosting(
            [...positions].sort((a, b) => a - b),
            count,
          );
          for (let p = 0; p <= count; p += 1) expect(rank(posting, p)).toBe(positions.filter((q) => q < p).length);
        },
      ),
    );
  });
});

describe('contains', () => {
  it('tells exactly the listed positions, for sparse lists and dense bitsets alike', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 300 })
          .chain((count) => fc.tuple(fc.constant(count), fc.uniqueArray(fc.nat({ max: count - 1 }), { maxLength: count }))),
        ([count, positions]) => {
          const sorted = [...positions].sort((a, b) => a - b);
          const posting = createPosting(sorted, count);
          for (let p = 0; p < count; p += 1) expect(contains(posting, p)).toBe(sorted.includes(p));
        },
      ),
    );
  });
});
