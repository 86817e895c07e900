/**
 * `npm run eval -- [--input test/fixtures/aspect-eval.jsonl] [--content DIR]`
 * Runs the analyser on a labelled set and prints aspect-detection precision,
 * recall and F1 per aspect and micro-averaged over review × aspect pairs, plus
 * polarity accuracy on the correctly detected pairs. Exits 1 below the targets.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildInsights } from '../src/lib/insights/index.ts';
import { TARGETS, evaluate, formatReport, meetsTargets, type EvalReport } from '../src/lib/insights/evaluation/evaluate.ts';
import { parseJsonl } from '../src/lib/insights/cli/review-lines.ts';
import { EvalLineSchema } from '../src/lib/insights/evaluation/eval-lines.ts';
import { isUsageError, loadContent, toReviews } from './insights.ts';

export const DEFAULT_EVAL_FILE = 'test/fixtures/aspect-eval.jsonl';

/** Analyses the labelled file and scores the result; shared with the test that pins the targets. */
export function runEval(inputPath: string, contentDir: string): EvalReport {
  const content = loadContent(contentDir);
  const lines = parseJsonl(readFileSync(inputPath, 'utf8'), EvalLineSchema);
  const insights = buildInsights({ ...content, reviews: toReviews(lines, content) });
  const predicted = new Map(Object.entries(insights.per_review).map(([id, analysis]) => [id, analysis.aspects]));
  return evaluate(lines, predicted);
}

function main(): number {
  const { values } = parseArgs({
    options: { input: { type: 'string', default: DEFAULT_EVAL_FILE }, content: { type: 'string', default: 'content' } },
  });
  const report = runEval(values.input, values.content);
  process.stdout.write(`${formatReport(report)}\n`);
  const ok = meetsTargets(report);
  process.stdout.write(
    `\ntargets: micro F1 >= ${TARGETS.f1}, polarity accuracy >= ${TARGETS.polarity_accuracy}: ${ok ? 'met' : 'NOT met'}\n`,
  );
  return ok ? 0 : 1;
}

if (import.meta.main) {
  try {
    process.exitCode = main();
  } catch (error) {
    if (!isUsageError(error)) throw error;
    process.stderr.write(`eval: ${error.message}\n`);
    process.exitCode = 1;
  }
}
