import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/** Where the global setup builds the sample business. */
export const SAMPLE_DIST = resolve(ROOT, '.test-dist/sample');
/** Where it builds the small hand-checked fixture business. */
export const FIXTURE_DIST = resolve(ROOT, '.test-dist/fixture');
export const FIXTURE_CONTENT = resolve(ROOT, 'test/fixtures/content');
