/**
 * `npm run agreement` measures how consistently the labelling guide can be
 * applied: it scores a second labeller's file against the corpus, review by
 * review (the same precision, recall, F1 and polarity agreement `npm run eval`
 * reports for the analyser). By default the second labeller's 239 reviews in
 * corpus/agreement/relabel.jsonl, sampled from the
 * development part, against dev.jsonl.
 *
 * `npm run agreement -- --reference FILE --labels FILE` compares two others.
 */
import { parseArgs } from 'node:util';
import { ASPECT_IDS } from '../src/schemas/catalogue.ts';
import { evaluate, formatReport, type EvalReport } from '../tools/insights/evaluation/evaluate.ts';
import { InputError } from '../tools/insights/cli/review-lines.ts';
import { CORPUS_DEV_FILE, readEvalLines } from './eval.ts';
import { runCli } from './cli.ts';

export const RELABEL_FILE = 'corpus/agreement/relabel.jsonl';

/** Scores `labelsFile` against `referenceFile` over the reviews of `labelsFile` (each must be in the reference, same text). */
export function agreement(referenceFile: string, labelsFile: string): EvalReport {
  const reference = new Map(readEvalLines(referenceFile).map((line) => [line.id, line]));
  const labels = readEvalLines(labelsFile);
  if (labels.length === 0) throw new InputError(`${labelsFile}: no reviews to compare`);
  const gold = labels.map((line) => {
    const expected = reference.get(line.id);
    if (expected === undefined) throw new InputError(`${labelsFile}: review ${line.id} is not in ${referenceFile}`);
    if (expected.text !== line.text) throw new InputError(`${labelsFile}: review ${line.id} has another text than in ${referenceFile}`);
    return expected;
  });
  const predicted = new Map(
    labels.map((line) => [line.id, ASPECT_IDS.flatMap((id) => (line.labels[id] === undefined ? [] : [{ id, polarity: line.labels[id] }]))]),
  );
  return evaluate(gold, predicted);
}

function main(): number {
  const { values } = parseArgs({
    options: {
      reference: { type: 'string', default: CORPUS_DEV_FILE },
      labels: { type: 'string', default: RELABEL_FILE },
    },
  });
  const report = agreement(values.reference, values.labels);
  process.stdout.write(`${values.labels} against ${values.reference}\n\n${formatReport(report)}\n`);
  return 0;
}

if (import.meta.main) runCli('agreement', main);
