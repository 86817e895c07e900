import type { AspectId } from '../../../src/schemas/catalogue.ts';
import type { Polarity } from '../../../src/lib/insights/analyse-text.ts';
import type { Dictionary } from '../../../src/lib/insights/dictionary.ts';
import { compileModel, learnedAspects } from '../../../src/lib/insights/learned/model.ts';
import { TRAIN_OPTIONS, foldOf, prepare, train, type TrainOptions, type TrainingReview } from '../train.ts';
import { evaluate, type EvalReport, type GoldReview } from './evaluate.ts';

/**
 * k-fold cross-validation of the whole analyser inside a labelled set: each
 * fold is analysed by a model trained (thresholds included, by their own inner
 * cross-validation) on the other folds only. For development on the corpus's
 * development part; the figures that count come from the test part.
 */
export function crossValidate(
  lines: readonly (TrainingReview & GoldReview)[],
  dictionary: Dictionary,
  options: TrainOptions = TRAIN_OPTIONS,
): EvalReport {
  const prepared = prepare(lines, dictionary);
  const predicted = new Map<string, { id: AspectId; polarity: Polarity }[]>();
  for (let k = 0; k < options.folds; k++) {
    const model = compileModel(
      train(
        prepared.filter((r) => foldOf(r.id, options.folds) !== k),
        options,
      ),
    );
    for (const review of prepared) {
      if (foldOf(review.id, options.folds) !== k) continue;
      predicted.set(review.id, learnedAspects(model, review.text, review.view, review.ruleAspects, review.rating));
    }
  }
  return evaluate(lines, predicted);
}
