import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateContent } from '../scripts/synthetic/generate.ts';
import type { ReviewsDataset } from '../src/schemas/reviews-dataset.ts';
import { buildSite } from '../test/support/build.ts';

export interface BenchSize {
  name: string;
  /** Content folder to build; generated first when `generate` is set. */
  contentDir: string;
  generate?: { count: number; seed: number };
}

export interface PreparedSize {
  distDir: string;
  dataset: ReviewsDataset;
  rebuilt: boolean;
}

/**
 * Generates (when asked) and builds one size into `.bench/<name>/dist`, reusing
 * the last build when neither the content nor the code that builds it changed.
 */
export async function prepareSize(size: BenchSize, root: string): Promise<PreparedSize> {
  if (size.generate) {
    await generateContent({ ...size.generate, out: join(root, size.contentDir), contentDir: join(root, 'content') });
  }
  const workDir = join(root, '.bench', size.name);
  const distDir = join(workDir, 'dist');
  const fingerprintFile = join(workDir, 'fingerprint');
  const fingerprint = await hashTrees([
    join(root, size.contentDir),
    join(root, 'src'),
    join(root, 'astro.config.mjs'),
    join(root, 'package-lock.json'),
  ]);
  const previous = await readFile(fingerprintFile, 'utf8').catch(() => '');
  const existing = await readFile(join(distDir, 'client/reviews.json'), 'utf8').catch(() => undefined);
  let rebuilt = false;
  let reviewsJson = existing;
  if (previous !== fingerprint || existing === undefined) {
    const result = await buildSite({ contentDir: join(root, size.contentDir), outDir: distDir });
    if (result.code !== 0) throw new Error(`build of ${size.contentDir} failed:\n${result.output}`);
    await mkdir(workDir, { recursive: true });
    await writeFile(fingerprintFile, fingerprint);
    reviewsJson = await readFile(join(distDir, 'client/reviews.json'), 'utf8');
    rebuilt = true;
  }
  return { distDir, dataset: JSON.parse(reviewsJson as string) as ReviewsDataset, rebuilt };
}

async function hashTrees(paths: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const path of paths) {
    const entries = await readdir(path, { recursive: true, withFileTypes: true }).catch(() => undefined);
    const files = entries
      ? entries
          .filter((e) => e.isFile())
          .map((e) => join(e.parentPath, e.name))
          .sort()
      : [path];
    for (const file of files) {
      hash.update(file).update('\0');
      hash.update(await readFile(file).catch(() => Buffer.alloc(0)));
    }
  }
  return hash.digest('hex');
}
