import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReviewFile } from '../../src/lib/content/review-file.ts';
import type { Review } from '../../src/schemas/review.ts';
import { runBuildScript } from '../support/build.ts';
import { FIXTURE_CONTENT, ROOT } from '../support/paths.ts';

const TODAY = '2026-11-27';
// Inside the project: the build's prerender step resolves packages from the output folder's ancestors.
const scratch = await mkdtemp(join(ROOT, '.test-dist', 'import-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The fixture business with no reviews yet. */
async function emptyBusiness(): Promise<string> {
  const dir = await mkdtemp(join(scratch, 'content-'));
  await cp(FIXTURE_CONTENT, dir, { recursive: true, filter: (src) => !src.includes('/reviews') });
  await mkdir(join(dir, 'reviews'));
  return dir;
}

function importFile(contentDir: string, file: string, ...flags: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'scripts/import.ts'), join('test/fixtures/import', file), ...flags],
      { cwd: ROOT, env: { ...process.env, CONTENT_DIR: contentDir, BUILD_TODAY: TODAY } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function filesOf(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of (await readdir(dir)).sort()) files.set(name, await readFile(join(dir, name), 'utf8'));
  return files;
}

const ALL = ['google-api.json', 'google-takeout.json', 'trustpilot.csv', 'plain.csv'] as const;

describe('npm run import, then npm run build', () => {
  let content: string;
  let reviews: Review[];
  let files: Map<string, string>;
  beforeAll(async () => {
    content = await emptyBusiness();
    for (const file of ALL) {
      const result = await importFile(content, file, '--verified');
      expect(result.code, result.stderr).toBe(0);
    }
    files = await filesOf(join(content, 'reviews'));
    const dist = join(scratch, 'dist');
    const built = await runBuildScript({
      contentDir: content,
      distDir: dist,
      env: { BUILD_TODAY: TODAY, BUILD_CACHE_DIR: join(scratch, '.astro-cache') },
    });
    expect(built.code, built.stderr).toBe(0);
    reviews = JSON.parse(await readFile(join(dist, 'client/reviews.json'), 'utf8')).reviews;
  });

  it('publishes exactly the imported reviews, one file each', () => {
    expect(files.size).toBe(34);
    expect(reviews).toHaveLength(34);
    const ids = [...files.values()].map((text) => {
      const parsed = parseReviewFile('x.md', text);
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
      return parsed.data.id;
    });
    expect(reviews.map((r) => r.id).sort()).toEqual(ids.sort());
    expect(new Set(reviews.map((r) => r.source))).toEqual(new Set(['google', 'trustpilot', 'yelp', 'facebook', 'website']));
  });

  const bySourceText = (fragment: string) => {
    const review = reviews.find((r) => r.text?.includes(fragment) || r.owner_reply?.text.includes(fragment));
    if (!review) throw new Error(`no review holds ${fragment}`);
    return review;
  };

  it('keeps the original of a text Google translated', () => {
    expect(bySourceText('Wallbox').text).toBe('Sehr freundlicher Elektriker, die Wallbox funktioniert einwandfrei.');
    expect(bySourceText('丁寧').text).toBe('丁寧な作業で、現場もきれいでした。');
    expect(reviews.some((r) => r.text?.includes('Translated by Google'))).toBe(false);
  });

  it('dates a review written near midnight in the business time zone, not in UTC', () => {
    // createTime 2025-06-01T06:30:00Z is 23:30 on May 31st in Tacoma.
    expect(bySourceText('11pm with sparks').date).toBe('2025-05-31');
  });

  it('carries replies, ratings without text, anonymous reviewers, emoji and HTML-looking text as data', () => {
    expect(bySourceText('$450')).toMatchObject({
      author: 'Dev <script>',
      rating: 2,
      text: "The quote said <b>$450</b> & the bill said $520. <script>alert('x')</script> Not great.",
      owner_reply: { text: "We're sorry — we refunded the difference & updated our quotes.", date: '2025-05-06' },
      source: 'google',
      verified: true,
    });
    expect(bySourceText('Excelente')).toMatchObject({ owner_reply: { text: 'Gracias Lucía! 🙌', date: '2025-04-20' } });
    const anonymous = reviews.filter((r) => r.author === 'Anonymous');
    expect(anonymous.map((r) => r.source).sort()).toEqual(['google', 'trustpilot']);
    const ratingOnly = reviews.filter((r) => r.text === null);
    expect(ratingOnly.map((r) => `${r.source} ${r.author} ${r.rating}`).sort()).toEqual([
      'google Ben 4',
      'google Pete Z. 5',
      'google Tom H 5',
      'trustpilot Amy 4',
      'website Jim 3',
    ]);
    expect(bySourceText('Recommended! 👌')).toMatchObject({ author: 'Lena Kowalski', source: 'facebook', source_url: null });
  });

  it('keeps source links, avatars and multi-line CSV cells', () => {
    expect(bySourceText('heat pump')).toMatchObject({
      author: 'Olivia Chen',
      date: '2025-01-15',
      source_url: 'https://www.trustpilot.com/reviews/64f1a0c2e1',
      owner_reply: { text: 'Thanks Olivia!', date: '2025-01-16' },
    });
    expect(bySourceText('Arrived late.').text).toBe('Late but good\n\nArrived late.\nWork itself was solid, though.\n\nWould hire again.');
    expect(bySourceText('100A panel').author_avatar_url).toBe('https://lh3.googleusercontent.com/a/priya=s120');
    expect(bySourceText('you get what you pay for')).toMatchObject({
      author: 'Omar F.',
      source: 'yelp',
      source_url: 'https://www.yelp.com/biz/harbor-pine-electric?hrid=8f2k2',
    });
  });

  it('replaces characters XML cannot carry, so the build takes the review', () => {
    expect(bySourceText('generator interlock')).toMatchObject({
      author: 'Sam\uFFFDRiley',
      text: 'Good job on the\uFFFD generator interlock.',
    });
  });

  it('adds nothing and changes no byte when the same exports are imported again', async () => {
    for (const file of ALL) {
      const again = await importFile(content, file, '--verified');
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/: 0 added, \d+ already present, 0 waiting for verification\n$/);
    }
    expect(await filesOf(join(content, 'reviews'))).toEqual(files);
  });
});

describe('npm run import', () => {
  it('adds only the new reviews of a newer export, unverified unless told, and says how many wait', async () => {
    const content = await emptyBusiness();
    const first = await importFile(content, 'google-api.json');
    expect(first.stdout).toMatchInlineSnapshot(`
      "import: test/fixtures/import/google-api.json (google, 12 reviews): 12 added, 0 already present, 12 waiting for verification (written verified: false: check each, then set verified: true, or import with --verified)
      import: 2 characters XML cannot carry replaced with U+FFFD
      "
    `);
    const before = await filesOf(join(content, 'reviews'));
    const newer = await importFile(content, 'google-api-newer.json');
    expect(newer.stdout).toMatchInlineSnapshot(`
      "import: test/fixtures/import/google-api-newer.json (google, 15 reviews): 3 added, 12 already present, 3 waiting for verification (written verified: false: check each, then set verified: true, or import with --verified)
      "
    `);
    const after = await filesOf(join(content, 'reviews'));
    expect(after.size).toBe(before.size + 3);
    for (const [name, text] of before) expect(after.get(name)).toBe(text);
    const added = [...after.keys()].filter((name) => !before.has(name));
    expect(added).toEqual(['2025-09-10-chris-p.md', '2025-09-22-dana-whitfield.md', '2025-10-01-anonymous.md']);
    expect(after.get('2025-10-01-anonymous.md')).toMatch(/^verified: false$/m);
  });

  it('prints what it would write with --dry-run, and writes nothing', async () => {
    const content = await emptyBusiness();
    const result = await importFile(content, 'plain.csv', '--dry-run');
    expect(result.code).toBe(0);
    expect(result.stdout.match(/^--- would write /gm)).toHaveLength(8);
    expect(result.stdout).toMatch(/\(plain-csv, 8 reviews\): 8 would be added, 0 already present, 8 waiting for verification/);
    expect(await readdir(join(content, 'reviews'))).toEqual([]);
  });

  describe('stops on a malformed file, naming the record, and writes nothing', () => {
    it.each([['bad-json.json'], ['bad-stars.json'], ['missing-column.csv'], ['broken-quote.csv']])('%s', async (file) => {
      const content = await emptyBusiness();
      const result = await importFile(content, file);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(await readdir(join(content, 'reviews'))).toEqual([]);
      expect(result.stderr).toMatchSnapshot();
    });
  });
});
