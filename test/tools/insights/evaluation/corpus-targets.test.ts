import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASPECT_IDS } from '../../../../src/schemas/catalogue.ts';
import { CORPUS_TARGETS } from '../../../../tools/insights/evaluation/evaluate.ts';
import { CORPUS_TEST_FILE, runEval } from '../../../../scripts/eval.ts';

/**
 * The last measurement of issue 16 on the corpus's test part, with the
 * committed weights (model 2.2.0, 2026-11-24, docs/insights.md): the part no
 * choice was made on. It pins what was measured once the analyser was frozen,
 * just under the measured figures, so a change cannot lower them by much
 * unnoticed. Polarity accuracy (0.906) meets the
 * issue's target. Micro F1 (0.859) does not reach the 0.88, and
 * professionalism's recall (0.748, 74 of 99) misses the 0.75 by one
 * mention; both are pinned just under where they were measured.
 */
const MEASURED = { f1: 0.85, minAspectRecall: 0.74 } as const;

describe.skipIf(!existsSync(CORPUS_TEST_FILE))('the analyser on the corpus test part', () => {
  const report = runEval(CORPUS_TEST_FILE, 'content');

  it(`reaches polarity accuracy >= ${CORPUS_TARGETS.polarity_accuracy}`, () => {
    expect(report.overall.polarity_accuracy).toBeGreaterThanOrEqual(CORPUS_TARGETS.polarity_accuracy);
  });
  it.each(ASPECT_IDS)(
    `finds %s with recall >= ${MEASURED.minAspectRecall} (the issue's target: ${CORPUS_TARGETS.min_aspect_recall})`,
    (id) => {
      const { scores } = report.per_aspect.find((a) => a.id === id)!;
      expect(scores.recall).toBeGreaterThanOrEqual(MEASURED.minAspectRecall);
    },
  );
  it(`keeps micro F1 >= ${MEASURED.f1} (measured 0.859; the issue's target ${CORPUS_TARGETS.f1} is not met)`, () => {
    expect(report.overall.f1).toBeGreaterThanOrEqual(MEASURED.f1);
  });
});
