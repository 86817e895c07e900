import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASPECT_IDS } from '../../../../src/schemas/catalogue.ts';
import { CORPUS_TARGETS } from '../../../../src/lib/insights/evaluation/evaluate.ts';
import { CORPUS_TEST_FILE, runEval } from '../../../../scripts/eval.ts';

/**
 * The final measurement of issue 16 on the corpus's test part, with the
 * committed weights: the part no choice was made on. It pins what was
 * measured once the analyser was frozen (2026-11-24, docs/insights.md):
 * polarity accuracy and every aspect's recall meet the targets; micro
 * F1 (0.784) does not reach the 0.88 and is pinned where it is, so a
 * change can only keep or raise it.
 */
const MEASURED_F1_FLOOR = 0.78;

describe.skipIf(!existsSync(CORPUS_TEST_FILE))('the analyser on the corpus test part', () => {
  const report = runEval(CORPUS_TEST_FILE, 'content');

  it(`reaches polarity accuracy >= ${CORPUS_TARGETS.polarity_accuracy}`, () => {
    expect(report.overall.polarity_accuracy).toBeGreaterThanOrEqual(CORPUS_TARGETS.polarity_accuracy);
  });
  it.each(ASPECT_IDS)(`finds %s with recall >= ${CORPUS_TARGETS.min_aspect_recall}`, (id) => {
    const { scores } = report.per_aspect.find((a) => a.id === id)!;
    expect(scores.recall).toBeGreaterThanOrEqual(CORPUS_TARGETS.min_aspect_recall);
  });
  it(`keeps micro F1 >= ${MEASURED_F1_FLOOR} (measured 0.784; the issue's target ${CORPUS_TARGETS.f1} is not met)`, () => {
    expect(report.overall.f1).toBeGreaterThanOrEqual(MEASURED_F1_FLOOR);
  });
});
