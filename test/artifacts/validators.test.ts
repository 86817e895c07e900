import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { atomErrors } from '../support/atom.ts';
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
  const feed = () => readFile(join(client, 'feed.xml'), 'utf8');

  it('is valid against the RFC 4287 RELAX NG schema (libxml2)', async () => {
    const errors = atomErrors(await feed());
    expect(errors, errors.join('\n')).toEqual([]);
  });

  // The same check on broken copies of the feed, so that a validator that
  // accepts everything (a bad schema, a swallowed error) cannot pass silently.
  it('is rejected when an <updated> is not a date', async () => {
    const valid = await feed();
    const broken = valid.replace(/<updated>[^<]*<\/updated>/, '<updated>yesterday</updated>');
    expect(broken).not.toBe(valid);
    expect(atomErrors(broken).join('\n')).toMatch(/dateTime doesn't allow value 'yesterday'/);
  });

  it('is rejected when an entry has no <id>', async () => {
    const valid = await feed();
    const broken = valid.replace(/(<entry>[\s\S]*?)<id>[^<]*<\/id>/, '$1');
    expect(broken).not.toBe(valid);
    expect(atomErrors(broken).join('\n')).toMatch(/Element entry failed to validate content/);
  });

  it('is rejected when it is not Atom at all', () => {
    expect(atomErrors('<rss version="2.0"><channel/></rss>')).not.toEqual([]);
    expect(atomErrors('<feed xmlns="http://www.w3.org/2005/Atom"><title>unclosed')[0]).toBe('not well-formed XML:');
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
    const result = await run(bin('spectral'), [
      'lint',
      document,
      '--ruleset',
      join(ROOT, '.spectral.yaml'),
      '--fail-severity',
      'error',
      '--format',
      'json',
      '--quiet',
    ]);
    const findings = JSON.parse(result.stdout || '[]') as { severity: number; code: string; message: string }[];
    expect(findings.filter((f) => f.severity === 0)).toEqual([]);
    expect(result.code).toBe(0);
  });
});
