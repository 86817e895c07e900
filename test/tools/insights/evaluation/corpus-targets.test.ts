import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASPECT_IDS } from '../../../../src/schemas/catalogue.ts';
import { CORPUS_TARGETS } from '../../../../tools/insights/evaluation/evaluate.ts';
import { CORPUS_TEST_FILE, runEval } from '../../../../scripts/eval.ts';

/**
 * The last measurement on the corpus's test part (issue 30, 2026-11-29,
 * docs/insights.md): model 2.3.0 (polarity weighted over every chunk) with
 * attribution, the meaning fixes and whole evidence spans, measured once
 * after every choice was made on the development part. It pins what was
 * measured, just under the figures, so a change cannot lower them unnoticed.
 * None of issue 30's targets is met: micro F1 0.859 (target 0.90), polarity
 * accuracy 0.911 (target 0.92), lowest aspect F1 0.779 for professionalism
 * (target 0.82; technical knowledge 0.796 is under it too).
 */
const MEASURED = { f1: 0.85, polarityAccuracy: 0.91, minAspectF1: 0.77 } as const;

describe.skipIf(!existsSync(CORPUS_TEST_FILE))('the analyser on the corpus test part', () => {
  const report = runEval(CORPUS_TEST_FILE, 'content');

  it(`keeps polarity accuracy >= ${MEASURED.polarityAccuracy} (measured 0.911; the issue's target ${CORPUS_TARGETS.polarity_accuracy} is not met)`, () => {
    expect(report.overall.polarity_accuracy).toBeGreaterThanOrEqual(MEASURED.polarityAccuracy);
  });
  it.each(ASPECT_IDS)(`finds %s with F1 >= ${MEASURED.minAspectF1} (the issue's target: ${CORPUS_TARGETS.min_aspect_f1})`, (id) => {
    const { scores } = report.per_aspect.find((a) => a.id === id)!;
    expect(scores.f1).toBeGreaterThanOrEqual(MEASURED.minAspectF1);
  });
  it(`keeps micro F1 >= ${MEASURED.f1} (measured 0.859; the issue's target ${CORPUS_TARGETS.f1} is not met)`, () => {
    expect(report.overall.f1).toBeGreaterThanOrEqual(MEASURED.f1);
  });
});
