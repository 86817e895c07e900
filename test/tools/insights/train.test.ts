import { describe, expect, it } from 'vitest';
import { foldOf } from '../../../tools/insights/train.ts';

describe('training the learned layer', () => {
  it('assigns cross-validation folds by id alone', () => {
    expect(foldOf('w1-0002', 5)).toBe(foldOf('w1-0002', 5));
    const folds = new Set(Array.from({ length: 100 }, (_, i) => foldOf(`r${i}`, 5)));
    expect([...folds].sort()).toEqual([0, 1, 2, 3, 4]);
  });
});
