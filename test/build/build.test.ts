import { cp, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, runBuildScript, type BuildResult } from '../support/build.ts';
import { FIXTURE_CACHE, FIXTURE_CONTENT, FIXTURE_DIST, ROOT } from '../support/paths.ts';
import { freePort } from '../support/free-port.ts';
import { startEntry } from '../support/start-entry.ts';

// Every build here uses the Astro cache the global setup built the fixture with, which no other
// file uses (others build with caches of their own), and its tests run one after another.
// Inside the project: the prerender step resolves packages from the output folder's ancestors.
const scratch = await mkdtemp(join(ROOT, '.test-dist', 'build-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The fixture's newest review is from 2025; "today" is pinned so the future-date rule is tested, not the clock. */
const TODAY = '2026-11-27';
/** The environment of every build this file runs, beside its content and output folders. */
const BUILD_ENV = { BUILD_TODAY: TODAY, BUILD_CACHE_DIR: FIXTURE_CACHE };

/** A copy of the fixture content with one change. */
async function contentWith(change: (dir: string) => Promise<void>): Promise<string> {
  const dir = await mkdtemp(join(scratch, 'content-'));
  await cp(FIXTURE_CONTENT, dir, { recursive: true });
  await change(dir);
  return dir;
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

function expectSameFiles(after: Map<string, Buffer>, before: Map<string, Buffer>): void {
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  for (const [path, bytes] of before) expect(after.get(path)?.equals(bytes), path).toBe(true);
}

describe('the build', () => {
  // A second build of the fixture (the global setup made the first): both tests read it.
  const again = join(scratch, 'fixture-again');
  let result: BuildResult;
  beforeAll(async () => {
    result = await buildSite({ contentDir: FIXTURE_CONTENT, outDir: again, cacheDir: FIXTURE_CACHE });
  });

  it('produces byte-identical artifacts from unchanged content', async () => {
    expect(result.code, result.output).toBe(0);
    const first = await filesOf(join(FIXTURE_DIST, 'client'));
    // The precompressed copies are among the files compared.
    expect([...first.keys()]).toEqual(expect.arrayContaining(['reviews.json.br', 'reviews.json.gz', 'feed.xml.br', 'feed.xml.gz']));
    expectSameFiles(await filesOf(join(again, 'client')), first);
  });

  it('warns about and leaves out an unverified review', () => {
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/e\.md: skipped, the review is not verified \(verified: false\)/);
  });
});

describe('npm run build with a bad content file', () => {
  // One good build, made by the script itself; every failed build below runs against it.
  const dist = join(scratch, 'live');
  let good: Map<string, Buffer>;
  beforeAll(async () => {
    const result = await runBuildScript({ contentDir: FIXTURE_CONTENT, distDir: dist, env: BUILD_ENV });
    expect(result.code, result.stderr).toBe(0);
    good = await filesOf(dist);
  });

  /** Builds a changed copy of the fixture into the live folder; returns stderr with the copy's path as `content`. */
  async function failWith(change: (dir: string) => Promise<void>): Promise<string> {
    const dir = await contentWith(change);
    const result = await runBuildScript({ contentDir: dir, distDir: dist, env: BUILD_ENV });
    expect(result.code).toBe(1);
    // A failed build never touches the last good one.
    expectSameFiles(await filesOf(dist), good);
    return result.stderr.replaceAll(relative(ROOT, dir), 'content').replaceAll(dist, '<dist>');
  }

  const review = (name: string) => (dir: string) => join(dir, 'reviews', name);

  it('an impossible date (2026-11-31), never rolled over to December', async () => {
    const stderr = await failWith((dir) => edit(review('a.md')(dir), (t) => t.replace('date: 2025-03-10', 'date: 2026-11-31')));
    expect(stderr).toMatchInlineSnapshot(`
      "content/reviews/a.md: date: "2026-11-31" is not a date on the calendar (November 2026 has 30 days)
      build: the build failed on 1 content problem (listed above); <dist> is unchanged
      "
    `);
  });

  it('February 29th of a year that is not a leap year', async () => {
    const stderr = await failWith((dir) => edit(review('a.md')(dir), (t) => t.replace('date: 2025-03-10', 'date: 2026-02-29')));
    expect(stderr).toMatchInlineSnapshot(`
      "content/reviews/a.md: date: "2026-02-29" is not a date on the calendar (February 2026 has 28 days, 2026 is not a leap year)
      build: the build failed on 1 content problem (listed above); <dist> is unchanged
      "
    `);
  });

  it('a date after today in the business time zone', async () => {
    const stderr = await failWith((dir) => edit(review('a.md')(dir), (t) => t.replace('date: 2025-03-10', 'date: 2026-11-28')));
    expect(stderr).toMatchInlineSnapshot(`
      "content/reviews/a.md: date: "2026-11-28" is after today (2026-11-27 in America/Los_Angeles); a review cannot come from the future (check the year)
      build: the build failed on 1 content problem (listed above); <dist> is unchanged
      "
    `);
  });

  it('a header that is never closed', async () => {
    const stderr = await failWith((dir) => edit(review('b.md')(dir), (t) => t.replace(/\n---\n/, '\n')));
    expect(stderr).toMatchInlineSnapshot(`
      "content/reviews/b.md: (frontmatter): the header opened by --- on line 1 is not closed (add a --- line after the last field, before the review text)
      build: the build failed on 1 content problem (listed above); <dist> is unchanged
      "
    `);
  });

  it('characters XML cannot carry (U+0000, U+000B, U+FFFE), naming file, field and character', async () => {
    const stderr = await failWith(async (dir) => {
      await edit(review('a.md')(dir), (t) => t.replace('author: Dana K.', 'author: "Dana\\0 K."'));
      await edit(review('b.md')(dir), (t) => `${t.trimEnd()}\u000B\n`);
      await edit(review('g.md')(dir), (t) => t.replace('we refunded', 'we\uFFFE refunded'));
    });
    expect(stderr).toMatchInlineSnapshot(`
      "content/reviews/a.md: author: holds the character U+0000, which XML feeds cannot carry (delete it; it is usually invisible, pasted from another app)
      content/reviews/b.md: text: holds the character U+000B, which XML feeds cannot carry (delete it; it is usually invisible, pasted from another app)
      content/reviews/g.md: owner_reply.text: holds the character U+FFFE, which XML feeds cannot carry (delete it; it is usually invisible, pasted from another app)
      build: the build failed on 3 content problems (listed above); <dist> is unchanged
      "
    `);
  });

  it('a rating out of range, a missing field and a misspelt field, each once', async () => {
    const stderr = await failWith(async (dir) => {
      await edit(review('a.md')(dir), (t) => t.replace('rating: 5', 'rating: 6').replace('source: google', 'source: google\nsorce: yelp'));
      await edit(review('b.md')(dir), (t) => t.replace(/^author: .*\n/m, ''));
    });
    expect(stderr).toMatchInlineSnapshot(`
      "content/reviews/a.md: rating: must be a whole number of stars from 1 to 5
      content/reviews/a.md: sorce: is not a field this file may have (misspelt? remove or rename it)
      content/reviews/b.md: author: is missing (required, a text)
      build: the build failed on 3 content problems (listed above); <dist> is unchanged
      "
    `);
  });

  it('two reviews with one id, said once', async () => {
    const stderr = await failWith((dir) =>
      edit(review('b.md')(dir), (t) => t.replace('01JA0000000000000000000002', '01JA0000000000000000000001')),
    );
    expect(stderr).toMatchInlineSnapshot(`
      "content/reviews/b.md: id: "01JA0000000000000000000001" is already the id of content/reviews/a.md; every review needs its own id
      build: the build failed on 1 content problem (listed above); <dist> is unchanged
      "
    `);
  });

  it('a technician override that is not on the roster', async () => {
    const stderr = await failWith((dir) => edit(review('f.md')(dir), (t) => t.replace('[Ben Carter]', '[Bob]')));
    expect(stderr).toMatchInlineSnapshot(`
      "content/reviews/f.md: technicians: "Bob" is not on the roster (Ana Lima, Ben Ode, Ben Carter)
      build: the build failed on 1 content problem (listed above); <dist> is unchanged
      "
    `);
  });

  it('every kind of problem in one run: a broken file, an unknown service area, a future date, a reply before its review', async () => {
    const stderr = await failWith(async (dir) => {
      await edit(review('a.md')(dir), (t) => t.replace('rating: 5', 'rating: 0x5'));
      await edit(review('b.md')(dir), (t) => t.replace('service_area: Fife', 'service_area: Tacom'));
      await edit(review('c.md')(dir), (t) => t.replace('date: 2024-11-02', 'date: 2062-11-02'));
      await edit(review('g.md')(dir), (t) => t.replace('  date: 2023-05-06', '  date: 2020-01-01'));
    });
    expect(stderr).toMatchInlineSnapshot(`
      "content/reviews/a.md: rating: "0x5" must be written as one digit from 1 to 5
      content/reviews/b.md: service_area: "Tacom" is not a service area (Tacoma, Fife)
      content/reviews/g.md: owner_reply.date: the reply (2020-01-01) is dated before the review (2023-05-05)
      content/reviews/c.md: date: "2062-11-02" is after today (2026-11-27 in America/Los_Angeles); a review cannot come from the future (check the year)
      build: the build failed on 4 content problems (listed above); <dist> is unchanged
      "
    `);
  });

  it('a review text over the documented maximum (5 MB), refused before anything is built', async () => {
    const started = Date.now();
    const stderr = await failWith((dir) => edit(review('c.md')(dir), (t) => `${t.trimEnd()}\n${'word '.repeat(1_048_576)}\n`));
    expect(stderr).toMatchInlineSnapshot(`
      "content/reviews/c.md: (review text): is 5,242,942 characters long; the most a text may have is 50,000 (shorten it, or keep the rest elsewhere)
      build: the build failed on 1 content problem (listed above); <dist> is unchanged
      "
    `);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a data file with a wrong field, and one that is not JSON', async () => {
    const stderr = await failWith(async (dir) => {
      await edit(join(dir, 'services.json'), (t) => t.replace('"panel-upgrade"', '"Panel Upgrade!"'));
      await writeFile(join(dir, 'editorial.json'), '{ "summary": "x", }');
    });
    expect(stderr).toMatchInlineSnapshot(`
      "content/services.json: 0.id: must be a lowercase slug such as "ev-charger-installation"
      content/editorial.json: (file): is not valid JSON: Expected double-quoted property name in JSON at position 18 (line 1 column 19)
      build: the build failed on 2 content problems (listed above); <dist> is unchanged
      "
    `);
  });
});

describe('npm start (functions/process/start.ts)', () => {
  /** Starts the entry point on a free port; resolves once it listens, with its base URL and output. */
  function start(env: Record<string, string>) {
    return startEntry({
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      CONTENT_DIR: FIXTURE_CONTENT,
      ...BUILD_ENV,
      NO_COLOR: '1',
      ...env,
    });
  }

  it('builds when dist is missing, serves, skips the build when up to date, and stops cleanly on SIGTERM', async () => {
    const distDir = join(scratch, 'start-dist');
    const first = start({ DIST_DIR: distDir, SITE_URL: 'http://localhost:4321' });
    const url = await first.listening;
    expect(first.output()).toMatch(/Complete!/);
    const response = await fetch(`${url}/reviews.json`);
    expect(response.status).toBe(200);
    expect((await response.json()).reviews).toHaveLength(7);
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);

    // Up to date, but made for another site URL than this server's: it says so, once, and serves.
    const second = start({ DIST_DIR: distDir, SITE_URL: 'https://reviews.example' });
    await second.listening;
    expect(second.output()).not.toMatch(/Complete!/);
    expect(second.output().match(/was built for/g)).toHaveLength(1);
    expect(second.output()).toContain(`${distDir} was built for http://localhost:4321, not https://reviews.example`);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('serves the last good build when a bad review file is committed beside it, and logs the error', async () => {
    const distDir = join(scratch, 'start-bad');
    const built = await runBuildScript({ contentDir: FIXTURE_CONTENT, distDir, env: BUILD_ENV });
    expect(built.code, built.stderr).toBe(0);
    const good = await filesOf(distDir);
    const dir = await contentWith((d) => edit(join(d, 'reviews/a.md'), (t) => t.replace('date: 2025-03-10', 'date: 2026-11-31')));
    // The commit comes after the build, so npm start sees the content as newer and rebuilds.
    const later = new Date(Date.now() + 60_000);
    await utimes(join(dir, 'reviews/a.md'), later, later);

    const server = start({ DIST_DIR: distDir, CONTENT_DIR: dir, SITE_URL: 'http://localhost:4321' });
    const url = await server.listening;
    const response = await fetch(`${url}/reviews.json`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(good.get('client/reviews.json')!)).toBe(true);
    const log = server.output().replaceAll(relative(ROOT, dir), 'content');
    expect(log).toContain('content/reviews/a.md: date: "2026-11-31" is not a date on the calendar (November 2026 has 30 days)\n');
    expect(log).toContain(`start: the build failed on 1 content problem (listed above); serving the last good build in ${distDir}`);
    expect(log).not.toMatch(/\n\s+at /);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expectSameFiles(await filesOf(distDir), good);
  });

  it('keeps answering from the last good build while a build fails', async () => {
    const distDir = join(scratch, 'start-live');
    const server = start({ DIST_DIR: distDir, SITE_URL: 'http://localhost:4321' });
    const url = await server.listening;
    const before = await (await fetch(`${url}/reviews.json`)).text();
    const dir = await contentWith((d) => writeFile(join(d, 'reviews/z.md'), '---\nid: 01JA0000000000000000000009\nauthor: Zed\n'));
    const failed = await runBuildScript({ contentDir: dir, distDir, env: BUILD_ENV });
    expect(failed.code).toBe(1);
    const after = await fetch(`${url}/reviews.json`);
    expect(after.status).toBe(200);
    expect(await after.text()).toBe(before);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('links to the port it serves on when SITE_URL is unset: feeds and hub topics', async () => {
    const port = await freePort();
    const { SITE_URL: _unset, ...env } = process.env;
    const server = start({
      ...(env as Record<string, string>),
      PORT: String(port),
      DIST_DIR: join(scratch, 'start-port'),
      HUB_DB_PATH: join(scratch, 'start-port.db'),
      HUB_ALLOW_PRIVATE_CALLBACKS: '1',
    });
    const url = await server.listening;
    const base = `http://127.0.0.1:${port}`;
    expect(url).toBe(base);
    expect(await (await fetch(`${url}/feed.xml`)).text()).toContain(`<link rel="self" href="${base}/feed.xml"/>`);
    const subscribe = (topic: string) =>
      fetch(`${url}/api/websub/hub`, {
        method: 'POST',
        body: new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.topic': topic, 'hub.callback': 'https://127.0.0.1:9/callback' }),
      });
    const own = await subscribe(`${base}/feed.xml`);
    expect(own.status, await own.text()).toBe(202);
    const other = await subscribe('http://localhost:4321/feed.xml');
    expect(other.status).toBe(400);
    expect(await other.text()).toContain('is not a topic of this hub');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses an invalid configuration with a message naming the variable', async () => {
    const bad = start({ PORT: 'eighty' });
    await expect(bad.listening).rejects.toThrow(/PORT/);
  });
});
