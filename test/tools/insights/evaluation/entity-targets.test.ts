import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEntityEval } from '../../../../scripts/eval.ts';
import { ENTITY_DIR, ENTITY_TARGETS } from '../../../../tools/insights/evaluation/entities.ts';

/**
 * The entity set (corpus/entities/, another business, labelled apart from the
 * analyser), measured with that business's data files on 2026-11-29
 * (docs/insights.md). Pinned just under the measurement: issue 30's targets
 * are not met (technicians precision 0.954 and recall 0.966 against 0.97,
 * services precision 0.875 against 0.92 and recall 0.685 against 0.88).
 */
const MEASURED = {
  technicians: { precision: 0.95, recall: 0.96 },
  services: { precision: 0.87, recall: 0.68 },
  areaAccuracy: 0.98,
} as const;

describe.skipIf(!existsSync(join(ENTITY_DIR, 'reviews.jsonl')))('the analyser on the entity set', () => {
  const report = runEntityEval(ENTITY_DIR, 'content');

  it(`finds technicians with precision >= ${MEASURED.technicians.precision} (target ${ENTITY_TARGETS.technicians.precision}) and recall >= ${MEASURED.technicians.recall}`, () => {
    expect(report.technicians.precision).toBeGreaterThanOrEqual(MEASURED.technicians.precision);
    expect(report.technicians.recall).toBeGreaterThanOrEqual(MEASURED.technicians.recall);
  });
  it(`finds services that are jobs with precision >= ${MEASURED.services.precision} (target ${ENTITY_TARGETS.services.precision}) and recall >= ${MEASURED.services.recall} (target ${ENTITY_TARGETS.services.recall})`, () => {
    expect(report.services.precision).toBeGreaterThanOrEqual(MEASURED.services.precision);
    expect(report.services.recall).toBeGreaterThanOrEqual(MEASURED.services.recall);
  });
  it(`names the job's area from the text in >= ${MEASURED.areaAccuracy} of the reviews`, () => {
    expect(report.service_area_accuracy).toBeGreaterThanOrEqual(MEASURED.areaAccuracy);
  });
});
