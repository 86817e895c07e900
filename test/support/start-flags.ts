import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Not paths.ts, which needs vitest: the benchmarks import this too.
const ROOT = resolve(import.meta.dirname, '../..');

/** The Node flags `npm start` runs the server with (package.json), so the tests and the benchmarks run the same process. */
export function startScriptNodeFlags(packageJson = join(ROOT, 'package.json')): string[] {
  const { scripts } = JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts: Record<string, string> };
  const words = (scripts.start ?? '').split(/\s+/);
  return words.slice(1).filter((word) => word.startsWith('--'));
}
