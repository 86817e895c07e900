import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELABEL_FILE, agreement } from '../../scripts/agreement.ts';
import { InputError } from '../../tools/insights/cli/review-lines.ts';
import { CORPUS_DEV_FILE } from '../../scripts/eval.ts';

const line = (id: string, text: string, aspects: { id: string; polarity: string; evidence: string }[]) =>
  JSON.stringify({ id, rating: 4, date: '2024-01-01', text, aspects });

describe('npm run agreement', () => {
  let tmp: string;
  const file = (name: string) => join(tmp, name);
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'agreement-'));
    const text = 'He was late but the price was fair.';
    await writeFile(
      file('a.jsonl'),
      `${line('x-1', text, [
        { id: 'punctuality', polarity: 'negative', evidence: 'He was late' },
        { id: 'pricing', polarity: 'positive', evidence: 'the price was fair' },
      ])}\n`,
    );
    await writeFile(
      file('b.jsonl'),
      `${line('x-1', text, [
        { id: 'pricing', polarity: 'neutral', evidence: 'the price was fair' },
        { id: 'workmanship', polarity: 'positive', evidence: 'the price was fair' },
      ])}\n`,
    );
    await writeFile(file('other.jsonl'), `${line('x-2', 'Fine.', [])}\n`);
    await writeFile(file('retyped.jsonl'), `${line('x-1', 'He was late, but the price was fair.', [])}\n`);
    await writeFile(file('empty.jsonl'), '');
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  it('counts a labeller who agrees with themselves as full agreement', () => {
    const { overall } = agreement(file('a.jsonl'), file('a.jsonl'));
    expect(overall).toMatchObject({ true_positives: 2, false_positives: 0, false_negatives: 0, f1: 1, polarity_accuracy: 1 });
  });

  it('scores the second labeller pair by pair: a missed aspect, an extra one, another polarity', () => {
    const { overall } = agreement(file('a.jsonl'), file('b.jsonl'));
    expect(overall).toMatchObject({ true_positives: 1, false_positives: 1, false_negatives: 1, polarity_correct: 0 });
  });

  it('refuses a review the reference does not have, or has with another text', () => {
    expect(() => agreement(file('a.jsonl'), file('other.jsonl'))).toThrow(/x-2 is not in/);
    expect(() => agreement(file('a.jsonl'), file('retyped.jsonl'))).toThrow(/x-1 has another text/);
  });

  it('says what is wrong with a missing or empty file instead of failing with a stack', () => {
    expect(() => agreement(file('a.jsonl'), file('missing.jsonl'))).toThrow(InputError);
    expect(() => agreement(file('a.jsonl'), file('missing.jsonl'))).toThrow(/missing\.jsonl: ENOENT/);
    expect(() => agreement(file('a.jsonl'), file('empty.jsonl'))).toThrow(/no reviews to compare/);
  });

  it('gives the figure docs/insights.md reports for the committed second labelling of 239 development reviews', () => {
    const { overall } = agreement(CORPUS_DEV_FILE, RELABEL_FILE);
    expect(overall).toMatchObject({ true_positives: 407, false_positives: 32, false_negatives: 18, polarity_correct: 397 });
  });
});
