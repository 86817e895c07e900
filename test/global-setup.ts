import { rm } from 'node:fs/promises';
import { buildSite } from './support/build.ts';
import { FIXTURE_CONTENT, FIXTURE_DIST, ROOT, SAMPLE_DIST } from './support/paths.ts';

/** Builds the sample business and the small fixture business once for every test file. */
export default async function setup(): Promise<void> {
  for (const [contentDir, outDir] of [
    [`${ROOT}/content`, SAMPLE_DIST],
    [FIXTURE_CONTENT, FIXTURE_DIST],
  ] as const) {
    await rm(outDir, { recursive: true, force: true });
    const result = await buildSite({ contentDir, outDir });
    if (result.code !== 0) throw new Error(`build of ${contentDir} failed:\n${result.output}`);
  }
}
