import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { encodeTime } from 'ulid';
import { ServiceAreaSchema, ServiceFileSchema, TechnicianSchema, type ServiceFile, type Technician } from '../../src/schemas/catalogue.ts';
import { createPrng, type Prng } from '../../tools/prng.ts';
import { ownerReplyText, reviewText } from './review-text.ts';

export interface GenerateOptions {
  count: number;
  seed: number;
  /** Folder to write: data files copied from `contentDir`, reviews generated. */
  out: string;
  /** The real content folder, read only. */
  contentDir: string;
}

const DAY_MS = 86_400_000;
/** Four years of reviews, ending at a fixed day so output never depends on the clock. */
const LAST_DAY = Date.parse('2026-10-31');
const FIRST_DAY = LAST_DAY - 4 * 365 * DAY_MS;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const FIRST_NAMES = [
  'Dana',
  'Mike',
  'Priscilla',
  'Jamal',
  'Renee',
  'Greg',
  'Hannah',
  'Kyle',
  'Sunita',
  'Paul',
  'Jasmine',
  'Amélie',
  'Jorge',
  'Deb',
  'Brandon',
  'Nate',
  'Carol',
  'Vanessa',
  'Alan',
  'Tasha',
  'Kristen',
  'Ray',
  'Zoë',
  'José',
  'Li',
  'Olu',
  'Søren',
  'Mateo',
  'Aisha',
  'Ben',
  'Grace',
  'Hiro',
  'Ingrid',
  'Kwame',
  'Lena',
  'Noor',
  'Owen',
  'Pilar',
  'Quinn',
  'Rosa',
];
const LAST_NAMES = [
  'Kim',
  'Sandoval',
  'Theo',
  'Ferraro',
  'Medina',
  'Hollister',
  'Oduya',
  'Whitcomb',
  'Okonkwo',
  'Nguyen',
  'Brewer',
  'Lowry',
  'Ó Briain',
  'Fournier',
  'Patel',
  'García',
  'Lindholm',
  'Wright',
  'Cole',
  'Tran',
];
const SOURCES = [
  ['google', 55],
  ['yelp', 18],
  ['facebook', 10],
  ['website', 10],
  ['nextdoor', 7],
] as const;
const RATINGS = [
  [5, 72],
  [4, 14],
  [3, 5],
  [2, 3],
  [1, 6],
] as const;

/**
 * Writes a complete content folder with `count` synthetic reviews, the same
 * bytes for the same seed. Refuses to write into the real content folder.
 */
export async function generateContent(options: GenerateOptions): Promise<{ files: number }> {
  const out = resolve(options.out);
  const content = resolve(options.contentDir);
  if (out === content || !relative(content, out).startsWith('..')) {
    throw new Error(`refusing to write into ${content}: choose another --out, e.g. bench/content-10k`);
  }
  await mkdir(join(out, 'reviews'), { recursive: true });
  for (const name of await readdir(content)) {
    if (name.endsWith('.json')) await copyFile(join(content, name), join(out, name));
  }
  // Leftovers of an earlier, larger run would change the dataset.
  for (const name of await readdir(join(out, 'reviews'))) {
    if (name.endsWith('.md')) await rm(join(out, 'reviews', name));
  }
  const roster = z.array(TechnicianSchema).parse(JSON.parse(await readFile(join(content, 'technicians.json'), 'utf8')));
  const catalogue = z.array(ServiceFileSchema).parse(JSON.parse(await readFile(join(content, 'services.json'), 'utf8')));
  const areas = z.array(ServiceAreaSchema).parse(JSON.parse(await readFile(join(content, 'service-areas.json'), 'utf8')));
  const files = reviewFiles(
    options.count,
    options.seed,
    roster,
    catalogue,
    areas.map((a) => a.name),
  );
  for (const file of files) await writeFile(join(out, 'reviews', file.name), file.text);
  return { files: files.length };
}

export function reviewFiles(
  count: number,
  seed: number,
  roster: readonly Technician[],
  catalogue: readonly ServiceFile[],
  areas: readonly string[],
): { name: string; text: string }[] {
  const prng = createPrng(seed);
  const ids = new Set<string>();
  const files: { name: string; text: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    // More reviews in recent years, as a growing business collects them.
    const dayOffset = Math.floor(Math.pow(prng.next(), 0.7) * ((LAST_DAY - FIRST_DAY) / DAY_MS + 1));
    const dayStart = FIRST_DAY + dayOffset * DAY_MS;
    const date = new Date(dayStart).toISOString().slice(0, 10);
    let id: string;
    do id = ulidAt(prng, dayStart + prng.int(0, DAY_MS - 1));
    while (ids.has(id));
    ids.add(id);

    const first = prng.pick(FIRST_NAMES);
    const author = prng.chance(0.5) ? `${first} ${prng.pick(LAST_NAMES)}` : `${first} ${prng.pick(LAST_NAMES).charAt(0)}.`;
    const rating = prng.weighted(RATINGS);
    const source = prng.weighted(SOURCES);
    const ratingOnly = prng.chance(0.07);
    const replied = prng.chance(rating <= 3 ? 0.8 : 0.25);
    const replyDate = new Date(dayStart + prng.int(0, 5) * DAY_MS).toISOString().slice(0, 10);
    const front: [string, string][] = [
      ['id', id],
      ['author', author],
      ['author_avatar_url', prng.chance(0.05) ? `https://avatars.example.com/u/${prng.int(10000, 99999)}.jpg` : 'null'],
      ['rating', String(rating)],
      ['date', date],
      ['source', source],
      ['source_url', sourceUrl(prng, source)],
      ['verified', 'true'],
      ['service_area', prng.chance(0.9) ? prng.pick(areas) : 'null'],
    ];
    const lines = ['---', ...front.map(([key, value]) => `${key}: ${scalar(value)}`)];
    if (replied) lines.push('owner_reply:', `  text: ${scalar(ownerReplyText(prng, author, rating))}`, `  date: ${replyDate}`);
    lines.push('---');
    const body = ratingOnly ? '' : reviewText(prng, rating, roster, catalogue);
    const slug = author
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    files.push({ name: `${date}-${slug}-${id.slice(-6).toLowerCase()}.md`, text: `${lines.join('\n')}\n${body}${body ? '\n' : ''}` });
  }
  return files;
}

/** A ULID whose time part is `ms`, its random part from the seeded generator. */
function ulidAt(prng: Prng, ms: number): string {
  let random = '';
  for (let i = 0; i < 16; i += 1) random += CROCKFORD[prng.int(0, 31)];
  return encodeTime(ms, 10) + random;
}

function sourceUrl(prng: Prng, source: string): string {
  const token = Array.from({ length: 22 }, () => CROCKFORD[prng.int(0, 31)]).join('');
  if (source === 'google' && prng.chance(0.7)) return `https://g.page/r/CQx7harborpine/review?rid=${token}`;
  if (source === 'yelp' && prng.chance(0.5)) return `https://www.yelp.com/biz/harbor-pine-electric-tacoma?hrid=${token}`;
  if (source === 'facebook') return `https://www.facebook.com/harborpineelectric/posts/pfbid${token}`;
  return 'null';
}

/** Plain YAML where that is safe, otherwise a double-quoted (JSON-compatible) string. */
function scalar(value: string): string {
  if (value === 'null' || value === 'true' || /^\d/.test(value) || /^https:\/\/[^\s#]+$/.test(value)) return value;
  return /^[\p{L}][\p{L}\p{N} .,!'’&—-]*$/u.test(value) && !value.includes(': ') ? value : JSON.stringify(value);
}
