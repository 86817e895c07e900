import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEntityEval } from '../../../../scripts/eval.ts';
import { ENTITY_DIR, ENTITY_SETS, ENTITY_TARGETS } from '../../../../tools/insights/evaluation/entities.ts';

/**
 * The entity set (corpus/entities/, another business, labelled apart from the
 * analyser), measured with that business's data files on 2026-11-29
 * (docs/insights.md). Pinned just under the measurement, which meets issue
 * 30's targets: technicians precision 1.000 and recall 0.991, services
 * precision 0.928 and recall 0.888.
 */
const MEASURED = {
  technicians: { precision: 0.99, recall: 0.99 },
  services: { precision: 0.92, recall: 0.88 },
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

/**
 * Set B (corpus/entities-b/, another business again), written by a second
 * labeller and first measured once with the analyser frozen; since then a
 * development set like A (docs/insights.md). Pinned just under the current
 * measurement, which meets the targets: technicians precision 1.000 and
 * recall 0.996, services precision 0.922 and recall 0.910.
 */
const MEASURED_B = {
  technicians: { precision: 0.99, recall: 0.99 },
  services: { precision: 0.92, recall: 0.9 },
  areaAccuracy: 0.93,
} as const;

describe('the analyser on the held-out entity set B', () => {
  const report = runEntityEval(ENTITY_SETS[1].dir, 'content');

  it(`has its 230 labelled reviews`, () => {
    expect(report.reviews).toBe(230);
  });
  it(`finds technicians with precision >= ${MEASURED_B.technicians.precision} and recall >= ${MEASURED_B.technicians.recall}`, () => {
    expect(report.technicians.precision).toBeGreaterThanOrEqual(MEASURED_B.technicians.precision);
    expect(report.technicians.recall).toBeGreaterThanOrEqual(MEASURED_B.technicians.recall);
  });
  it(`finds services that are jobs with precision >= ${MEASURED_B.services.precision} and recall >= ${MEASURED_B.services.recall}`, () => {
    expect(report.services.precision).toBeGreaterThanOrEqual(MEASURED_B.services.precision);
    expect(report.services.recall).toBeGreaterThanOrEqual(MEASURED_B.services.recall);
  });
  it(`names the job's area from the text in >= ${MEASURED_B.areaAccuracy} of the reviews`, () => {
    expect(report.service_area_accuracy).toBeGreaterThanOrEqual(MEASURED_B.areaAccuracy);
  });
});

/**
 * Set C (corpus/entities-c/, a third business), written by a third labeller
 * apart from the analyser and measured once, after the rules tuned on sets A
 * and B were landed (docs/insights.md, "Entity sets"): technicians precision
 * 0.988 and recall 0.997 meet the targets; services precision 0.869 does not
 * (target 0.92), recall 0.887 does. A guard pinned just under that
 * measurement, not a development tool.
 */
const MEASURED_C = {
  technicians: { precision: 0.98, recall: 0.99 },
  services: { precision: 0.86, recall: 0.88 },
  areaAccuracy: 0.92,
} as const;

describe('the analyser on the held-out entity set C', () => {
  const report = runEntityEval(ENTITY_SETS[2].dir, 'content');

  it(`has its 254 labelled reviews`, () => {
    expect(report.reviews).toBe(254);
  });
  it(`finds technicians with precision >= ${MEASURED_C.technicians.precision} and recall >= ${MEASURED_C.technicians.recall}`, () => {
    expect(report.technicians.precision).toBeGreaterThanOrEqual(MEASURED_C.technicians.precision);
    expect(report.technicians.recall).toBeGreaterThanOrEqual(MEASURED_C.technicians.recall);
  });
  it(`finds services that are jobs with precision >= ${MEASURED_C.services.precision} and recall >= ${MEASURED_C.services.recall}`, () => {
    expect(report.services.precision).toBeGreaterThanOrEqual(MEASURED_C.services.precision);
    expect(report.services.recall).toBeGreaterThanOrEqual(MEASURED_C.services.recall);
  });
  it(`names the job's area from the text in >= ${MEASURED_C.areaAccuracy} of the reviews`, () => {
    expect(report.service_area_accuracy).toBeGreaterThanOrEqual(MEASURED_C.areaAccuracy);
  });
});
