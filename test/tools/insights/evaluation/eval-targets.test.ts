import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../../../tools/insights/evaluation/evaluate.ts';
import { DEFAULT_EVAL_FILE, runEval } from '../../../../scripts/eval.ts';

describe('the analyser on the labelled evaluation set', () => {
  it.skipIf(!existsSync(DEFAULT_EVAL_FILE))(
    `reaches micro F1 >= ${TARGETS.f1} and polarity accuracy >= ${TARGETS.polarity_accuracy}`,
    () => {
      const { overall } = runEval(DEFAULT_EVAL_FILE, 'content');
      expect(overall.f1).toBeGreaterThanOrEqual(TARGETS.f1);
      expect(overall.polarity_accuracy).toBeGreaterThanOrEqual(TARGETS.polarity_accuracy);
    },
  );
});
