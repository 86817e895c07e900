import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEIGHTS_FILE, trainedWeights } from '../../../../scripts/train.ts';

describe('the committed weights of the learned layer', () => {
  it('are what npm run train makes from the development part, byte for byte', () => {
    expect(trainedWeights() === readFileSync(WEIGHTS_FILE, 'utf8')).toBe(true);
  }, 900_000); // minutes on a loaded 2-core machine: the training itself is what is checked, not its speed
});
