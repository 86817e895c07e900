import { describe, expect, it } from 'vitest';
import { InputError, parseJsonl } from '../../../../tools/insights/cli/review-lines.ts';
import { EvalLineSchema } from '../../../../tools/insights/evaluation/eval-lines.ts';

const base = { id: 'r1', rating: 2, date: '2024-05-01', text: 'Two hours late. Fair price though.' };

function problems(line: object): string[] {
  try {
    parseJsonl(`${JSON.stringify(line)}\n`, EvalLineSchema);
    return [];
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return error.message.split('\n');
  }
}

describe('EvalLineSchema', () => {
  it("reads the old set's labels as they are", () => {
    const [line] = parseJsonl(`${JSON.stringify({ ...base, labels: { punctuality: 'negative' } })}\n`, EvalLineSchema);
    expect(line!.labels).toEqual({ punctuality: 'negative' });
    expect(line!.aspects).toBeUndefined();
  });
  it('reads the corpus format and derives the labels from its aspects', () => {
    const aspects = [
      { id: 'punctuality', polarity: 'negative', evidence: 'Two hours late.' },
      { id: 'pricing', polarity: 'positive', evidence: 'Fair price' },
    ];
    const [line] = parseJsonl(`${JSON.stringify({ ...base, aspects })}\n`, EvalLineSchema);
    expect(line!.labels).toEqual({ punctuality: 'negative', pricing: 'positive' });
    expect(line!.aspects).toEqual(aspects);
  });
  it('names evidence that is not a verbatim substring, and an aspect given twice', () => {
    const aspects = [
      { id: 'pricing', polarity: 'positive', evidence: 'fair price' },
      { id: 'pricing', polarity: 'positive', evidence: 'Fair price' },
    ];
    expect(problems({ ...base, aspects })).toEqual([
      'line 1, aspects.0.evidence: not a verbatim substring of the text',
      'line 1, aspects.1.id: "pricing" labelled twice',
    ]);
  });
  it('takes exactly one of the two shapes', () => {
    expect(problems(base)).toEqual(['line 1, aspects: give either "labels" or "aspects", not both or neither']);
    expect(problems({ ...base, labels: {}, aspects: [] })).toHaveLength(1);
  });
});
