import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from './support/build.ts';
import { startPostgres, type TestPostgres } from './support/hub-postgres.ts';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * Builds the sample business and the small fixture business once for every
 * test file, into a folder of this run's own (inside the project: the build's
 * prerender step resolves packages from there). The two builds run at once,
 * each with an Astro cache of its own; the fixture's cache is handed on to the
 * build tests, the only ones that build the fixture with it afterwards.
 * Meanwhile starts the run's one Postgres server for the hub's tests
 * (test/support/run-postgres.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runDir = join(ROOT, '.test-dist', `run-${process.pid}`);
  await rm(runDir, { recursive: true, force: true });
  await mkdir(runDir, { recursive: true });
  // Room for every file running at once: a hub process pools up to 8 connections.
  const starting = startPostgres({ fsync: false, maxConnections: 500 }).then(
    (server): { server: TestPostgres } => ({ server }),
    (error: unknown): { error: string } => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  try {
    const builds = { sampleDist: join(ROOT, 'content'), fixtureDist: join(ROOT, 'test/fixtures/content') } as const;
    await Promise.all(
      (Object.entries(builds) as [keyof typeof builds, string][]).map(async ([key, contentDir]) => {
        const outDir = join(runDir, key);
        const cacheDir = join(runDir, `${key}.astro-cache`);
        const result = await buildSite({ contentDir, outDir, cacheDir });
        if (result.code !== 0) throw new Error(`build of ${contentDir} failed:\n${result.output}`);
        project.provide(key, outDir);
        if (key === 'fixtureDist') project.provide('fixtureCache', cacheDir);
      }),
    );
  } catch (error) {
    const started = await starting;
    if ('server' in started) await started.server.stop();
    throw error;
  }
  const started = await starting;
  project.provide('hubPostgres', 'server' in started ? { port: started.server.port } : started);
  return async () => {
    if ('server' in started) await started.server.stop();
    await rm(runDir, { recursive: true, force: true });
  };
}
