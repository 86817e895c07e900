import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEntityEval } from '../../../../scripts/eval.ts';
import { ENTITY_DIR, ENTITY_SETS, ENTITY_TARGETS } from '../../../../tools/insights/evaluation/entities.ts';

interface Measured {
  name: string;
  dir: string;
  /** The set's labelled reviews, where the pin checks that none went missing. */
  reviews?: number;
  technicians: { precision: number; recall: number };
  services: { precision: number; recall: number };
  areaAccuracy: number;
}

/**
 * Each entity set (another business, labelled apart from the analyser),
 * measured with that business's data files on 2026-11-29 (docs/insights.md)
 * and pinned just under the measurement: a guard, not a development tool.
 */
const SETS: readonly Measured[] = [
  {
    // Set A (corpus/entities/): a development set; meets issue 30's targets: technicians precision 1.000 and recall
    // 0.991, services precision 0.958 and recall 0.920.
    name: 'the entity set',
    dir: ENTITY_DIR,
    technicians: { precision: 0.99, recall: 0.99 },
    services: { precision: 0.95, recall: 0.91 },
    areaAccuracy: 0.98,
  },
  {
    // Set B (corpus/entities-b/), written by a second labeller; a development set. Meets the targets: technicians
    // precision 1.000 and recall 0.996, services precision 0.953 and recall 0.950.
    name: 'the development entity set B',
    dir: ENTITY_SETS[1].dir,
    reviews: 230,
    technicians: { precision: 0.99, recall: 0.99 },
    services: { precision: 0.95, recall: 0.94 },
    areaAccuracy: 0.93,
  },
  {
    // Set C (corpus/entities-c/, a third business), written by a third labeller apart from the analyser, measured
    // once (services 0.869 / 0.887), then read and tuned on with set D: a development set. Meets the targets:
    // technicians precision 0.988 and recall 0.997, services precision 0.971 and recall 0.959.
    name: 'the development entity set C',
    dir: ENTITY_SETS[2].dir,
    reviews: 254,
    technicians: { precision: 0.98, recall: 0.99 },
    services: { precision: 0.96, recall: 0.95 },
    areaAccuracy: 0.92,
  },
  {
    // Set D (corpus/entities-d/, a fourth business), written by a fourth labeller apart from the analyser, measured
    // once (services 0.862 / 0.806), then read and tuned on with set C: a development set. Meets the targets:
    // technicians precision 0.994 and recall 0.990, services precision 0.953 and recall 0.931.
    name: 'the development entity set D',
    dir: ENTITY_SETS[3].dir,
    reviews: 278,
    technicians: { precision: 0.99, recall: 0.98 },
    services: { precision: 0.95, recall: 0.93 },
    areaAccuracy: 0.9,
  },
  {
    // Set E (corpus/entities-e/, Redtail Electric, Albuquerque NM) and set F (corpus/entities-f/, Two Bridges
    // Electric, Bristol PA), written by a fifth and a sixth labeller apart from the analyser while the service rules
    // were reworked on A to D, each measured once after those rules were frozen (services E 0.800 / 0.749, F 0.835 /
    // 0.860), then read and tuned on: development sets. Technicians meet the targets (E 0.986 / 0.979, F 0.994 /
    // 0.994); services do not yet (E 0.914 / 0.864, F 0.916 / 0.927).
    name: 'the development entity set E',
    dir: ENTITY_SETS[4].dir,
    reviews: 270,
    technicians: { precision: 0.98, recall: 0.97 },
    services: { precision: 0.91, recall: 0.86 },
    areaAccuracy: 0.93,
  },
  {
    name: 'the development entity set F',
    dir: ENTITY_SETS[5].dir,
    reviews: 258,
    technicians: { precision: 0.99, recall: 0.99 },
    services: { precision: 0.91, recall: 0.92 },
    areaAccuracy: 0.94,
  },
  {
    // Set G (corpus/entities-g/, Marsh Hen Electric, Savannah GA) and set H (corpus/entities-h/, Table Rock Electric,
    // Garden City ID), written by a seventh and an eighth labeller apart from the analyser while the rules were tuned
    // on E and F, measured once after (2026-11-29): held out. Technicians meet the targets (G 0.992 / 0.984, H 0.991
    // / 0.987); services do not (G 0.854 / 0.890, H 0.827 / 0.866; with the rules before that tuning, 0.829 / 0.867
    // and 0.817 / 0.826).
    name: 'the held-out entity set G',
    dir: ENTITY_SETS[6].dir,
    reviews: 263,
    technicians: { precision: 0.99, recall: 0.98 },
    services: { precision: 0.85, recall: 0.88 },
    areaAccuracy: 0.94,
  },
  {
    name: 'the held-out entity set H',
    dir: ENTITY_SETS[7].dir,
    reviews: 264,
    technicians: { precision: 0.99, recall: 0.98 },
    services: { precision: 0.82, recall: 0.86 },
    areaAccuracy: 0.9,
  },
];

for (const set of SETS) {
  // Sets B to H must be there; set A is skipped when its file is absent, as it always was.
  describe.skipIf(set.reviews === undefined && !existsSync(join(set.dir, 'reviews.jsonl')))(`the analyser on ${set.name}`, () => {
    const report = runEntityEval(set.dir, 'content');

    if (set.reviews !== undefined) {
      it(`has its ${set.reviews} labelled reviews`, () => {
        expect(report.reviews).toBe(set.reviews);
      });
    }
    it(`finds technicians with precision >= ${set.technicians.precision} (target ${ENTITY_TARGETS.technicians.precision}) and recall >= ${set.technicians.recall}`, () => {
      expect(report.technicians.precision).toBeGreaterThanOrEqual(set.technicians.precision);
      expect(report.technicians.recall).toBeGreaterThanOrEqual(set.technicians.recall);
    });
    it(`finds services that are jobs with precision >= ${set.services.precision} (target ${ENTITY_TARGETS.services.precision}) and recall >= ${set.services.recall} (target ${ENTITY_TARGETS.services.recall})`, () => {
      expect(report.services.precision).toBeGreaterThanOrEqual(set.services.precision);
      expect(report.services.recall).toBeGreaterThanOrEqual(set.services.recall);
    });
    it(`names the job's area from the text in >= ${set.areaAccuracy} of the reviews`, () => {
      expect(report.service_area_accuracy).toBeGreaterThanOrEqual(set.areaAccuracy);
    });
  });
}
