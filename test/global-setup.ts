import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from './support/build.ts';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * Builds the sample business and the small fixture business once for every
 * test file, into a folder of this run's own (inside the project: the build's
 * prerender step resolves packages from there).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runDir = join(ROOT, '.test-dist', `run-${process.pid}`);
  await rm(runDir, { recursive: true, force: true });
  await mkdir(runDir, { recursive: true });
  const builds = { sampleDist: join(ROOT, 'content'), fixtureDist: join(ROOT, 'test/fixtures/content') } as const;
  for (const [key, contentDir] of Object.entries(builds) as [keyof typeof builds, string][]) {
    const outDir = join(runDir, key);
    const result = await buildSite({ contentDir, outDir });
    if (result.code !== 0) throw new Error(`build of ${contentDir} failed:\n${result.output}`);
    project.provide(key, outDir);
  }
  return () => rm(runDir, { recursive: true, force: true });
}
