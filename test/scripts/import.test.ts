import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
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
      [join(ROOT, 'scripts/import.ts'), isAbsolute(file) ? file : join('test/fixtures/import', file), ...flags],
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

const PLAIN_HEADER = 'source,source_id,author,rating,date,text,reply,reply_date';

/** A plain CSV written into the scratch folder; returns its path. */
async function plainCsv(name: string, rows: string[], encode: (text: string) => Buffer = (t) => Buffer.from(t, 'utf8')): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, encode([PLAIN_HEADER, ...rows].join('\n') + '\n'));
  return path;
}

describe('npm run import: every bad record in one run', () => {
  it('reports both bad records of an export (a rating 0x5, a reply dated before its review) and writes nothing', async () => {
    const content = await emptyBusiness();
    const file = await plainCsv('two-bad.csv', [
      'yelp,y-1,Ana R.,5,2025-03-01,Fine work.,,',
      'yelp,y-2,Ben S.,0x5,2025-03-02,Hex stars.,,',
      'yelp,y-3,Cleo T.,4,2025-03-10,Good.,Thanks!,2025-03-09',
      'yelp,y-4,Dan U.,3,2025-03-11,Okay.,,',
    ]);
    const result = await importFile(content, file);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.replaceAll(file, 'two-bad.csv')).toBe(
      [
        'import: two-bad.csv: line 3 (source_id "y-2"): rating: "0x5" is not a star rating (one digit from 1 to 5)',
        'import: two-bad.csv: line 4 (source_id "y-3"): the reply is dated 2025-03-09, before the review it answers (2025-03-10); correct either date in the export',
        'import: two-bad.csv: 2 bad records (listed above); nothing was written',
        '',
      ].join('\n'),
    );
    expect(await readdir(join(content, 'reviews'))).toEqual([]);
  });

  it.each([['0x5'], ['5e0'], [' 5 '], ['5.0'], ['4.5'], ['٥'], ['0'], ['6']])('refuses the rating %j', async (stars) => {
    const content = await emptyBusiness();
    const file = await plainCsv('stars.csv', [`yelp,y-1,Ana R.,"${stars}",2025-03-01,Fine.,,`]);
    const result = await importFile(content, file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`rating: "${stars}" is not a star rating (one digit from 1 to 5)`);
    expect(await readdir(join(content, 'reviews'))).toEqual([]);
  });

  it('refuses a review text over the documented maximum, naming the record and both lengths', async () => {
    const content = await emptyBusiness();
    const file = await plainCsv('long.csv', [
      `yelp,y-1,Ana R.,5,2025-03-01,${'a'.repeat(50_001)},,`,
      'yelp,y-2,Ben S.,4,2025-03-02,Short.,,',
    ]);
    const result = await importFile(content, file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'line 2 (source_id "y-1"): (review text): is 50,001 characters long; the most a text may have is 50,000',
    );
    expect(await readdir(join(content, 'reviews'))).toEqual([]);
  });
});

describe('npm run import: encodings and names', () => {
  const rows = ['yelp,y-1,Søren K.,5,2025-03-01,Très bien — ĉio bona.,,', 'yelp,y-2,Łukasz P.,4,2025-03-02,Dziękuję!,,'];

  it.each([
    ['UTF-16LE with a byte-order mark', (t: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')])],
    ['UTF-16BE with a byte-order mark', (t: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(t, 'utf16le').swap16()])],
    ['UTF-16LE without a mark', (t: string) => Buffer.from(t, 'utf16le')],
  ])('reads a CSV saved as %s, and transliterates the file names', async (_, encode) => {
    const content = await emptyBusiness();
    const file = await plainCsv('utf16.csv', rows, encode);
    const result = await importFile(content, file, '--verified');
    expect(result.code, result.stderr).toBe(0);
    expect((await readdir(join(content, 'reviews'))).sort()).toEqual(['2025-03-01-soren-k.md', '2025-03-02-lukasz-p.md']);
    const text = await readFile(join(content, 'reviews/2025-03-01-soren-k.md'), 'utf8');
    expect(text).toMatch(/^author: Søren K\.$/m);
    expect(text).toContain('Très bien — ĉio bona.');
  });

  it('refuses a file in another encoding, naming the byte and what to do', async () => {
    const content = await emptyBusiness();
    const file = await plainCsv('latin1.csv', rows.slice(0, 1), (t) => Buffer.from(t, 'latin1'));
    const result = await importFile(content, file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /: byte \d+ \(0xF8\) is not UTF-8: the file is in another encoding \(Windows-1252 or Latin-1, most likely\); save it again as CSV UTF-8\n$/,
    );
    expect(await readdir(join(content, 'reviews'))).toEqual([]);
  });
});

describe('npm run import --verified on a re-import', () => {
  it('marks the reviews of that export already imported verified, says how many, and changes nothing else', async () => {
    const content = await emptyBusiness();
    const dir = join(content, 'reviews');
    expect((await importFile(content, 'google-api.json')).code).toBe(0);
    // One review the owner has already checked by hand stays as it is.
    const before = await filesOf(dir);
    const [checked] = [...before.keys()];
    await writeFile(join(dir, checked!), before.get(checked!)!.replace('verified: false', 'verified: true'));

    const again = await importFile(content, 'google-api.json', '--verified');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/: 0 added, 12 already present \(11 marked verified: true\), 0 waiting for verification\n/);
    const after = await filesOf(dir);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, text] of before) expect(after.get(name)).toBe(text.replace(/^verified: false$/m, 'verified: true'));

    const third = await importFile(content, 'google-api.json', '--verified');
    expect(third.stdout).toMatch(/: 0 added, 12 already present, 0 waiting for verification\n/);
  });
});

describe('npm run import stopped mid-write', () => {
  /** An export big enough that its writing takes a while: the test stops it once files appear. */
  async function bigExport(): Promise<string> {
    const rows = Array.from({ length: 20_000 }, (_, i) => `yelp,y-${i},Reviewer ${i},5,2025-03-01,Review number ${i}.,,`);
    return plainCsv('big.csv', rows);
  }

  async function stopOnceWriting(content: string, file: string, signal: NodeJS.Signals): Promise<number | null> {
    const dir = join(content, 'reviews');
    const child = spawn(process.execPath, [join(ROOT, 'scripts/import.ts'), file], {
      cwd: ROOT,
      env: { ...process.env, CONTENT_DIR: content, BUILD_TODAY: TODAY },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code, sig) => resolve(code ?? (sig ? 128 : null))));
    const deadline = Date.now() + 60_000;
    while (!(await readdir(dir)).some((n) => n.endsWith('.importing'))) {
      if (Date.now() > deadline) throw new Error('the import never began writing');
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill(signal);
    return exited;
  }

  it('Ctrl-C removes every temporary file it made and writes nothing', async () => {
    const content = await emptyBusiness();
    const code = await stopOnceWriting(content, await bigExport(), 'SIGINT');
    expect(code).toBe(130);
    expect(await readdir(join(content, 'reviews'))).toEqual([]);
  }, 120_000);

  it('after SIGKILL, the next import removes the leftovers and imports everything', async () => {
    const content = await emptyBusiness();
    const file = await bigExport();
    await stopOnceWriting(content, file, 'SIGKILL');
    const left = await readdir(join(content, 'reviews'));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((n) => n.endsWith('.importing'))).toBe(true);
    const again = await importFile(content, file);
    expect(again.code, again.stderr).toBe(0);
    const names = await readdir(join(content, 'reviews'));
    expect(names).toHaveLength(20_000);
    expect(names.some((n) => n.endsWith('.importing'))).toBe(false);
  }, 180_000);
});
