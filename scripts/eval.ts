/**
 * `npm run eval` scores the analyser on the corpus's test part
 * (corpus/test.jsonl) and on the old set
 * (corpus/aspect-eval.jsonl): aspect-detection precision, recall and F1
 * per aspect and micro-averaged over review × aspect pairs, plus polarity
 * accuracy on the correctly detected pairs; then the entity set
 * (corpus/entities/, another business with its own data files): technicians,
 * services that are jobs, negated services, office mentions, other parties and
 * areas. Exits 1 when a set misses its targets.
 *
 * `npm run eval -- --input FILE [--content DIR]` scores one labelled file.
 * `npm run eval -- --dev-cv [--folds 5]` is for development: k-fold
 * cross-validation inside the corpus's development part (the learned layer is
 * retrained on each fold's other parts); it never opens the test part.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildInsights } from '../src/lib/insights/index.ts';
import {
  CORPUS_TARGETS,
  TARGETS,
  describeTargets,
  evaluate,
  formatReport,
  meetsTargets,
  type EvalReport,
  type Targets,
} from '../tools/insights/evaluation/evaluate.ts';
import { InputError, parseJsonl } from '../tools/insights/cli/review-lines.ts';
import { EvalLineSchema, type EvalLine } from '../tools/insights/evaluation/eval-lines.ts';
import { crossValidate } from '../tools/insights/evaluation/cross-validate.ts';
import {
  ENTITY_SETS,
  ENTITY_TARGETS,
  entityContent,
  evaluateEntities,
  formatEntityReport,
  meetsEntityTargets,
  readEntityLines,
  type EntityReport,
} from '../tools/insights/evaluation/entities.ts';
import { createAnalysisContext } from '../src/lib/insights/analyse-review.ts';
import { TRAIN_OPTIONS } from '../tools/insights/train.ts';
import { readInputFile, runCli } from './cli.ts';
import { loadContent, toReviews } from './insights.ts';

export const DEFAULT_EVAL_FILE = 'corpus/aspect-eval.jsonl';
export const CORPUS_TEST_FILE = 'corpus/test.jsonl';
export const CORPUS_DEV_FILE = 'corpus/dev.jsonl';

export function readEvalLines(inputPath: string): EvalLine[] {
  return parseJsonl(readInputFile(inputPath), EvalLineSchema);
}

/** Analyses the labelled file and scores the result; shared with the tests that pin the targets. */
export function runEval(inputPath: string, contentDir: string): EvalReport {
  const content = loadContent(contentDir);
  const lines = readEvalLines(inputPath);
  const insights = buildInsights({ ...content, reviews: toReviews(lines, content) });
  const predicted = new Map(Object.entries(insights.per_review).map(([id, analysis]) => [id, analysis.aspects]));
  return evaluate(lines, predicted);
}

/** Scores the analyser on the entity set with that business's data files; shared with the test that pins its figures. */
export function runEntityEval(dir: string, contentDir: string): EntityReport {
  return evaluateEntities(readEntityLines(dir), entityContent(dir, loadContent(contentDir)));
}

function section(title: string, report: EvalReport, targets: Targets): { text: string; ok: boolean } {
  const ok = meetsTargets(report, targets);
  return { text: `${title}\n\n${formatReport(report)}\n\ntargets: ${describeTargets(targets)}: ${ok ? 'met' : 'NOT met'}\n`, ok };
}

function main(): number {
  const { values } = parseArgs({
    options: {
      input: { type: 'string' },
      content: { type: 'string', default: 'content' },
      'dev-cv': { type: 'boolean', default: false },
      folds: { type: 'string', default: String(TRAIN_OPTIONS.folds) },
    },
  });
  if (values['dev-cv']) {
    const file = values.input ?? CORPUS_DEV_FILE;
    // Development never looks inside the test part, even by accident.
    if (resolve(file) === resolve(CORPUS_TEST_FILE)) throw new InputError(`--dev-cv does not run on the test part (${CORPUS_TEST_FILE})`);
    const folds = Number(values.folds);
    if (!Number.isInteger(folds) || folds < 2) throw new InputError(`--folds must be an integer of at least 2, not "${values.folds}"`);
    const content = loadContent(values.content);
    const { dictionary } = createAnalysisContext(content.aspects, content.technicians, content.serviceAreas);
    const report = crossValidate(readEvalLines(file), dictionary, { ...TRAIN_OPTIONS, folds });
    process.stdout.write(section(`${folds}-fold cross-validation inside ${file}`, report, CORPUS_TARGETS).text);
    return 0;
  }
  const sets: { title: string; file: string; targets: Targets }[] = values.input
    ? [{ title: values.input, file: values.input, targets: values.input === DEFAULT_EVAL_FILE ? TARGETS : CORPUS_TARGETS }]
    : [
        { title: `test part of the corpus (${CORPUS_TEST_FILE})`, file: CORPUS_TEST_FILE, targets: CORPUS_TARGETS },
        { title: `old set (${DEFAULT_EVAL_FILE})`, file: DEFAULT_EVAL_FILE, targets: TARGETS },
      ];
  let ok = true;
  const out: string[] = [];
  for (const set of sets) {
    const result = section(set.title, runEval(set.file, values.content), set.targets);
    out.push(result.text);
    ok &&= result.ok;
  }
  for (const set of values.input ? [] : ENTITY_SETS) {
    if (!existsSync(join(set.dir, 'reviews.jsonl'))) continue;
    const report = runEntityEval(set.dir, values.content);
    const met = meetsEntityTargets(report);
    out.push(
      `entity ${set.name} (${set.dir}, ${report.reviews} reviews of another business, with its own data files)\n\n${formatEntityReport(report)}\n\n` +
        `targets: technicians precision and recall >= ${ENTITY_TARGETS.technicians.precision}, services precision >= ${ENTITY_TARGETS.services.precision} and recall >= ${ENTITY_TARGETS.services.recall}: ${met ? 'met' : 'NOT met'}\n`,
    );
    ok &&= met;
  }
  process.stdout.write(out.join('\n'));
  return ok ? 0 : 1;
}

if (import.meta.main) runCli('eval', main);
