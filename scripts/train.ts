/**
 * `npm run train` retrains the analyser's learned layer from the corpus's
 * development part (corpus/dev.jsonl, never the test
 * part) and writes src/lib/insights/learned/weights.json. Training is seeded
 * and visits everything in a fixed order, so the file comes out byte for byte
 * the same on every run; `--check` exits 1 when the committed file differs.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createAnalysisContext } from '../src/lib/insights/analyse-review.ts';
import { TRAIN_OPTIONS, prepare, train } from '../tools/insights/train.ts';
import { parseJsonl } from '../tools/insights/cli/review-lines.ts';
import { EvalLineSchema } from '../tools/insights/evaluation/eval-lines.ts';
import { CORPUS_DEV_FILE } from './eval.ts';
import { runCli } from './cli.ts';
import { loadContent } from './insights.ts';

export const WEIGHTS_FILE = 'src/lib/insights/learned/weights.json';

/** The weights file's text for a corpus file and a content directory (its cues feed the features). */
export function trainedWeights(corpusFile: string = CORPUS_DEV_FILE, contentDir = 'content'): string {
  const content = loadContent(contentDir);
  const { dictionary } = createAnalysisContext(content.aspects, content.technicians, content.serviceAreas);
  // Read once: the bytes are hashed and parsed.
  const corpus = readFileSync(corpusFile, 'utf8');
  const model = train(prepare(parseJsonl(corpus, EvalLineSchema), dictionary), TRAIN_OPTIONS);
  model.trained_on = {
    corpus: corpusFile,
    corpus_sha256: createHash('sha256').update(corpus).digest('hex'),
    ...Object.fromEntries(Object.entries(TRAIN_OPTIONS).map(([k, v]) => [k, v])),
  };
  return `${JSON.stringify(model)}\n`;
}

function main(): number {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
  const text = trainedWeights();
  if (values.check) {
    const same = readFileSync(WEIGHTS_FILE, 'utf8') === text;
    process.stdout.write(same ? `${WEIGHTS_FILE} is up to date\n` : `${WEIGHTS_FILE} differs from a fresh training: run npm run train\n`);
    return same ? 0 : 1;
  }
  writeFileSync(WEIGHTS_FILE, text);
  process.stdout.write(`wrote ${WEIGHTS_FILE} (${text.length} bytes)\n`);
  return 0;
}

if (import.meta.main) runCli('train', main);
