import { describe, expect, it } from 'vitest';
import { evaluate, formatReport, meetsTargets } from '../../../../tools/insights/evaluation/evaluate.ts';

describe('evaluate', () => {
  // Gold: 4 pairs. Predicted: 3 pairs, 2 of them right (one with the wrong polarity), 1 spurious.
  const gold = [
    { id: 'a', labels: { pricing: 'positive', punctuality: 'negative' } as const },
    { id: 'b', labels: { pricing: 'negative', safety: 'neutral' } as const },
  ];
  const predicted = new Map([
    [
      'a',
      [
        { id: 'pricing', polarity: 'positive' },
        { id: 'cleanliness', polarity: 'positive' },
      ] as const,
    ],
    ['b', [{ id: 'pricing', polarity: 'positive' }] as const],
  ]);
  const report = evaluate(gold, predicted);

  it('micro-averages over review × aspect pairs', () => {
    // tp 2 (a.pricing, b.pricing), fp 1 (a.cleanliness), fn 2 (a.punctuality, b.safety)
    expect(report.overall).toEqual({
      true_positives: 2,
      false_positives: 1,
      false_negatives: 2,
      precision: 0.6667,
      recall: 0.5,
      f1: 0.5714,
      polarity_correct: 1,
      polarity_accuracy: 0.5,
    });
  });
  it('scores each aspect, with null where a ratio is undefined', () => {
    const by = Object.fromEntries(report.per_aspect.map((a) => [a.id, a.scores]));
    expect(by.pricing).toMatchObject({ precision: 1, recall: 1, f1: 1, polarity_accuracy: 0.5 });
    expect(by.cleanliness).toMatchObject({ precision: 0, recall: null, f1: null, polarity_accuracy: null });
    expect(by.safety).toMatchObject({ precision: null, recall: 0, f1: null });
  });
  it('fails the targets below 0.85', () => {
    expect(meetsTargets(report)).toBe(false);
    expect(
      meetsTargets(
        evaluate(
          gold.slice(0, 1),
          new Map([
            [
              'a',
              [
                { id: 'pricing', polarity: 'positive' },
                { id: 'punctuality', polarity: 'negative' },
              ],
            ],
          ]),
        ),
      ),
    ).toBe(true);
  });
  it('prints one row per aspect and a micro row', () => {
    const lines = formatReport(report).split('\n');
    expect(lines[0]).toMatch(/^aspect\s+tp\s+fp\s+fn\s+precision\s+recall\s+f1\s+polarity_acc$/);
    expect(lines).toHaveLength(2 + 9 + 2);
    expect(lines.at(-1)).toMatch(/^micro \(all pairs\)\s+2\s+1\s+2\s+0\.667\s+0\.500\s+0\.571\s+0\.500$/);
  });
});
