import weights from './weights.json' with { type: 'json' };
import { compileModel, type Model, type ModelFile } from './model.ts';

let compiled: Model | undefined;

/** The committed model (`npm run train` writes weights.json), compiled once per process. */
export function committedModel(): Model {
  compiled ??= compileModel(weights as ModelFile);
  return compiled;
}
