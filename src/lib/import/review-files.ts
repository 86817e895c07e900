import { stringify } from 'yaml';
import { dateIn } from '../content/dates.ts';
import { parseReviewFile } from '../content/review-file.ts';
import { replaceXmlIllegal } from '../content/xml-chars.ts';
import { ImportError, type ImportRecord, type When } from './record.ts';

/** A review file already in `content/reviews/`, as far as the importer needs it. */
export interface ExistingReview {
  name: string;
  source: string | undefined;
  sourceId: string | undefined;
}

export interface ImportOptions {
  /** The business's IANA time zone: imported timestamps become dates there. */
  timeZone: string;
  /** Today in that zone; a record dated after it is refused, as the build would. */
  today: string;
  /** The owner vouches that every imported reviewer was a customer. */
  verified: boolean;
  /** A new ULID for a review written at this time (ms since the epoch); made once, then kept in the file. */
  newId: (timeMs: number) => string;
}

export interface ImportPlan {
  /** New files, by name inside `content/reviews/`. */
  files: { name: string; text: string }[];
  /** Records whose source id a file already records (or an earlier record of this export). */
  alreadyPresent: number;
  /** Characters XML cannot carry, replaced by U+FFFD. */
  replaced: number;
}

/**
 * Records in, new review files out; existing files are never touched, so
 * importing the same or a newer export again adds only what is new. Every file
 * is checked with the build's own parser: a record that would fail the build
 * stops the import here.
 */
export function planImport(records: readonly ImportRecord[], existing: readonly ExistingReview[], options: ImportOptions): ImportPlan {
  const known = new Set(existing.filter((e) => e.source && e.sourceId).map((e) => key(e.source!, e.sourceId!)));
  const names = new Set(existing.map((e) => e.name));
  const files: ImportPlan['files'] = [];
  let alreadyPresent = 0;
  let replaced = 0;
  const clean = (text: string) => {
    const result = replaceXmlIllegal(text.replace(/\r\n?/g, '\n'));
    replaced += result.replaced;
    return result.text;
  };

  for (const record of records) {
    const id = key(record.source, record.sourceId);
    if (known.has(id)) {
      alreadyPresent += 1;
      continue;
    }
    known.add(id);
    const date = dateOf(record.written, options.timeZone);
    if (date > options.today) {
      throw new ImportError(`${record.where}: the review is dated ${date}, after today (${options.today} in ${options.timeZone})`);
    }
    const author = clean(record.author ?? '').trim() || 'Anonymous';
    const header = {
      id: options.newId(timeOf(record.written)),
      author,
      author_avatar_url: record.authorAvatarUrl,
      rating: record.rating,
      date,
      source: record.source,
      source_id: clean(record.sourceId),
      source_url: record.sourceUrl,
      verified: options.verified,
      owner_reply: record.reply
        ? {
            text: clean(record.reply.text).trim(),
            // A reply's time is its last edit; it can never precede the review it answers.
            date: maxDate(dateOf(record.reply.written, options.timeZone), date),
          }
        : null,
    };
    const body = record.text === null ? '' : clean(record.text).trim();
    const text = `---\n${stringify(header, { lineWidth: 0 })}---\n${body === '' ? '' : `${body}\n`}`;
    const name = freeName(`${date}-${slug(author)}`, names);
    const checked = parseReviewFile(name, text);
    if (!checked.ok) {
      const [problem] = checked.problems;
      throw new ImportError(`${record.where}: ${problem!.field}: ${problem!.message}`);
    }
    files.push({ name, text });
  }
  return { files, alreadyPresent, replaced };
}

const key = (source: string, sourceId: string) => `${source}\u0000${sourceId}`;

function dateOf(when: When, timeZone: string): string {
  return 'date' in when ? when.date : dateIn(timeZone, when.instant);
}

function timeOf(when: When): number {
  return 'date' in when ? Date.parse(`${when.date}T12:00:00Z`) : when.instant.getTime();
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

/** `Zoë P.` → `zoe-p`: the file-name part of an author, like the hand-written files. */
function slug(author: string): string {
  const ascii = author
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return ascii === '' ? 'review' : ascii;
}

function freeName(stem: string, taken: Set<string>): string {
  let name = `${stem}.md`;
  for (let n = 2; taken.has(name); n++) name = `${stem}-${n}.md`;
  taken.add(name);
  return name;
}
