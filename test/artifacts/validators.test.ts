import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/lib/openapi.ts';
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

  /** Redocly's findings with the project's configuration (redocly.yaml: the recommended rules, one documented exception). */
  async function redocly(file: string): Promise<{ code: number; errors: number; warnings: number; problems: string[] }> {
    const result = await run(bin('redocly'), ['lint', '--format=json', '--config', join(ROOT, 'redocly.yaml'), file]);
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}`);
    return { code: result.code, ...report.totals, problems };
  }

  it('passes redocly lint with zero errors; its one warning is the localhost server of the test build', async () => {
    const { code, errors, problems } = await redocly(document);
    expect(errors, problems.join('\n')).toBe(0);
    expect(code).toBe(0);
    // The test build's site is http://localhost:4321 (no SITE_URL): right for a local build, a warning for a published one.
    expect(problems).toEqual(['no-server-example.com at #/servers/0/url']);
  });

  it('passes redocly lint with zero warnings as a production build writes it (SITE_URL set)', async () => {
    const built = await readFile(document, 'utf8');
    const { business } = JSON.parse(await readFile(join(client, 'reviews.json'), 'utf8')) as { business: { name: string } };
    // The generator is what the build ran: the same bytes for the same site.
    expect(JSON.stringify(buildOpenApiDocument({ base: 'http://localhost:4321', businessName: business.name }))).toBe(built);
    const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      const production = buildOpenApiDocument({ base: 'https://reviews.harborpine-electric.example', businessName: business.name });
      await writeFile(file, JSON.stringify(production));
      const { code, errors, warnings, problems } = await redocly(file);
      expect(problems).toEqual([]);
      expect({ errors, warnings, code }).toEqual({ errors: 0, warnings: 0, code: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
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
