import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../support/build.ts';
import { FIXTURE_CONTENT, FIXTURE_DIST, ROOT } from '../support/paths.ts';

// Builds share Astro's content cache: this file is the only one that builds (after the
// global setup), and its tests run one after another.
// Inside the project: the prerender step resolves packages from the output folder's ancestors.
const scratch = await mkdtemp(join(ROOT, '.test-dist', 'build-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** A copy of the fixture content with one file changed, built; returns the build's output. */
async function buildWith(change: (dir: string) => Promise<void>) {
  const dir = await mkdtemp(join(scratch, 'content-'));
  await cp(FIXTURE_CONTENT, dir, { recursive: true });
  await change(dir);
  return buildSite({ contentDir: dir, outDir: join(dir, '.out') });
}

async function edit(file: string, replace: (text: string) => string): Promise<void> {
  await writeFile(file, replace(await readFile(file, 'utf8')));
}

async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const e of entries.filter((x) => x.isFile())) {
    const path = join(e.parentPath, e.name);
    files.set(relative(dir, path), await readFile(path));
  }
  return files;
}

describe('the build', () => {
  it('produces byte-identical artifacts from unchanged content', async () => {
    const again = join(scratch, 'fixture-again');
    const result = await buildSite({ contentDir: FIXTURE_CONTENT, outDir: again });
    expect(result.code, result.output).toBe(0);
    const first = await filesOf(join(FIXTURE_DIST, 'client'));
    const second = await filesOf(join(again, 'client'));
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    // The precompressed copies are among the files compared.
    expect([...first.keys()]).toEqual(expect.arrayContaining(['reviews.json.br', 'reviews.json.gz', 'feed.xml.br', 'feed.xml.gz']));
    for (const [path, bytes] of first) expect(second.get(path)?.equals(bytes), path).toBe(true);
  });

  it('warns about and leaves out an unverified review', async () => {
    const result = await buildWith(async () => {});
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/e\.md: skipped, the review is not verified \(verified: false\)/);
  });

  describe('fails on a bad content file, naming the file, the field and the reason', () => {
    it('a rating out of range', async () => {
      const result = await buildWith((dir) => edit(join(dir, 'reviews/a.md'), (t) => t.replace('rating: 5', 'rating: 6')));
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/reviews\/a\.md/);
      expect(result.output).toMatch(/rating: Too big: expected number to be <=5/);
    });

    it('a missing required field', async () => {
      const result = await buildWith((dir) => edit(join(dir, 'reviews/b.md'), (t) => t.replace(/^author: .*\n/m, '')));
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/reviews\/b\.md/);
      expect(result.output).toMatch(/author: Required/);
    });

    it('a date that is not on the calendar', async () => {
      const result = await buildWith((dir) => edit(join(dir, 'reviews/c.md'), (t) => t.replace('date: 2024-11-02', 'date: "2024-02-30"')));
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/reviews\/c\.md/);
      expect(result.output).toMatch(/date: Invalid ISO date/);
    });

    it('a misspelt field', async () => {
      const result = await buildWith((dir) =>
        edit(join(dir, 'reviews/a.md'), (t) => t.replace('source: google', 'source: google\nsorce: yelp')),
      );
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/reviews\/a\.md/);
      expect(result.output).toMatch(/Unrecognized key: "sorce"/);
    });

    it('two reviews with one id', async () => {
      const result = await buildWith((dir) =>
        edit(join(dir, 'reviews/b.md'), (t) => t.replace('01JA0000000000000000000002', '01JA0000000000000000000001')),
      );
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/reviews\/b\.md: id: "01JA0000000000000000000001" is already the id of .*reviews\/a\.md/);
    });

    it('a technician override that is not on the roster', async () => {
      const result = await buildWith((dir) => edit(join(dir, 'reviews/f.md'), (t) => t.replace('[Ben Carter]', '[Bob]')));
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/reviews\/f\.md: technicians: "Bob" is not on the roster/);
    });

    it('a data file with a wrong field', async () => {
      const result = await buildWith((dir) => edit(join(dir, 'services.json'), (t) => t.replace('"panel-upgrade"', '"Panel Upgrade!"')));
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/services\.json: 0\.id: must be a lowercase slug/);
    });

    it('a data file that is not JSON', async () => {
      const result = await buildWith((dir) => writeFile(join(dir, 'business.json'), '{ "name": "Acme", }'));
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(/business\.json: \(file\): is not valid JSON/);
    });
  });
});

describe('npm start (functions/start.ts)', () => {
  /** Starts the entry point on a free port; resolves once it listens, with its base URL and output. */
  function start(env: Record<string, string>) {
    const child = spawn(process.execPath, [join(ROOT, 'functions/start.ts')], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', CONTENT_DIR: FIXTURE_CONTENT, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const listening = new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
        if (url) resolve(url);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, listening, exited, output: () => output };
  }

  it('builds when dist is missing, serves, skips the build when up to date, and stops cleanly on SIGTERM', async () => {
    const distDir = join(scratch, 'start-dist');
    const first = start({ DIST_DIR: distDir });
    const url = await first.listening;
    expect(first.output()).toMatch(/Complete!/);
    const response = await fetch(`${url}/reviews.json`);
    expect(response.status).toBe(200);
    expect((await response.json()).reviews).toHaveLength(7);
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);

    const second = start({ DIST_DIR: distDir });
    await second.listening;
    expect(second.output()).not.toMatch(/Complete!/);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('refuses an invalid configuration with a message naming the variable', async () => {
    const bad = start({ PORT: 'eighty' });
    await expect(bad.listening).rejects.toThrow(/PORT/);
  });
});
