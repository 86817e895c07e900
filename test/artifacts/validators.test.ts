import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { SAMPLE_DIST, ROOT } from '../support/paths.ts';
import { run } from '../support/run.ts';

// Independent validators: the artifacts are checked by tools that know the
// specs, not only by our own zod schemas.
const client = join(SAMPLE_DIST, 'client');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

describe('/api/feed.json', () => {
  it('is valid against the JSON Feed 1.1 JSON Schema', async () => {
    const schema = JSON.parse(await readFile(join(ROOT, 'node_modules/jsonfeed-schema/schema-v1.1.json'), 'utf8'));
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const feed = JSON.parse(await readFile(join(client, 'api/feed.json'), 'utf8'));
    expect(validate(feed), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });
});

describe('/feed.xml', () => {
  it('is valid against the RFC 4287 RELAX NG schema (jing)', async () => {
    const result = await run('jing', ['-c', join(ROOT, 'test/schemas/atom.rnc'), join(client, 'feed.xml')]);
    expect(result.stdout, result.stdout).toBe('');
    expect(result.code).toBe(0);
  });

  it('is rejected by the same check when it breaks the schema, so the check has teeth', async () => {
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const dir = await mkdtemp(join(ROOT, '.test-dist', 'atom-'));
    const broken = (await readFile(join(client, 'feed.xml'), 'utf8')).replace(/<updated>[^<]*<\/updated>/, '<updated>yesterday</updated>');
    await writeFile(join(dir, 'feed.xml'), broken);
    const result = await run('jing', ['-c', join(ROOT, 'test/schemas/atom.rnc'), join(dir, 'feed.xml')]);
    expect(result.code).not.toBe(0);
  });
});

describe('/.well-known/openapi.json', () => {
  const document = join(client, '.well-known/openapi.json');

  it('passes redocly lint with zero errors', async () => {
    const result = await run(bin('redocly'), ['lint', '--format=stylish', document]);
    expect(result.stdout + result.stderr).not.toMatch(/\berror\b/);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  it('passes spectral (spectral:oas) with zero errors', async () => {
    const result = await run(bin('spectral'), ['lint', document, '--ruleset', join(ROOT, '.spectral.yaml'), '--fail-severity', 'error', '--format', 'json', '--quiet']);
    const findings = JSON.parse(result.stdout || '[]') as { severity: number; code: string; message: string }[];
    expect(findings.filter((f) => f.severity === 0)).toEqual([]);
    expect(result.code).toBe(0);
  });
});
