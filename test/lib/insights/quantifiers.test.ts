import { describe, expect, it } from 'vitest';
import { MIN_FEW, QUANTIFIER_THRESHOLDS, quantifier } from '../../../src/lib/insights/quantifiers.ts';

describe('quantifier: the words the summary says counts with', () => {
  it('says "most" only above half', () => {
    expect(quantifier(51, 100)).toBe('most');
    expect(quantifier(4, 7)).toBe('most');
    expect(quantifier(50, 100)).toBe('many');
    expect(quantifier(3, 6)).toBe('many');
  });
  it('says "many" from a quarter to a half, both ends included', () => {
    expect(quantifier(25, 100)).toBe('many');
    expect(quantifier(1, 4) ?? 'null').toBe('null'); // a quarter, but one review is no "many"
    expect(quantifier(2, 8)).toBe('many');
    expect(quantifier(249, 1000)).toBe('some');
  });
  it('says "some" from a tenth to a quarter', () => {
    expect(quantifier(10, 100)).toBe('some');
    expect(quantifier(24, 100)).toBe('some');
    expect(quantifier(99, 1000)).toBe('a few');
  });
  it('says "a few" under a tenth, and nothing for a single review or an empty base', () => {
    expect(quantifier(9, 100)).toBe('a few');
    expect(quantifier(MIN_FEW, 1000)).toBe('a few');
    expect(quantifier(1, 1000)).toBeNull();
    expect(quantifier(1, 1)).toBeNull();
    expect(quantifier(0, 0)).toBeNull();
  });
  it('keeps the thresholds in one place', () => {
    expect(QUANTIFIER_THRESHOLDS).toEqual({ most: 0.5, many: 0.25, some: 0.1 });
    expect(MIN_FEW).toBe(2);
  });
});
