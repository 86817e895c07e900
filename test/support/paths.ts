import { resolve } from 'node:path';
import { inject } from 'vitest';

export const ROOT = resolve(import.meta.dirname, '../..');
export const FIXTURE_CONTENT = resolve(ROOT, 'test/fixtures/content');

declare module 'vitest' {
  export interface ProvidedContext {
    sampleDist: string;
    fixtureDist: string;
    fixtureCache: string;
  }
}

/** Where the global setup built the sample business for this test run. */
export const SAMPLE_DIST = inject('sampleDist');
/** Where it built the small hand-checked fixture business. */
export const FIXTURE_DIST = inject('fixtureDist');
/** The Astro cache of that build: the build tests build with it, one at a time (test/global-setup.ts). */
export const FIXTURE_CACHE = inject('fixtureCache');
