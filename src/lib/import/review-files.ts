import transliterate from '@sindresorhus/transliterate';
import { stringify } from 'yaml';
import { dateIn } from '../content/dates.ts';
import { parseReviewFile } from '../content/review-file.ts';
import { replaceXmlIllegal } from '../content/xml-chars.ts';
import type { ImportRecord, When } from './record.ts';

/** A review file already in `content/reviews/`, as far as the importer needs it. */
export interface ExistingReview {
  name: string;
  source: string | undefined;
  sourceId: string | undefined;
  /** Its `verified` field as written; undefined when the file does not say. */
  verified: boolean | undefined;
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
  /** With `verified`: files already present for this export's records that say `verified: false`, to be marked verified. */
  toVerify: string[];
  /** Characters XML cannot carry, replaced by U+FFFD. */
  replaced: number;
  /** One line per record that cannot become a file; when any, nothing may be written. */
  problems: string[];
}

/**
 * Records in, new review files out. Existing files are kept as they are, but
 * for one field: with `verified`, the files of this export's records that
 * still say `verified: false` are listed to be marked verified (the owner
 * vouches for the export, the reviews already imported included). Importing
 * the same or a newer export again adds only what is new. Every file is
 * checked with the build's own parser: every record that would fail the build
 * is listed in `problems`, and the import then writes nothing.
 */
export function planImport(records: readonly ImportRecord[], existing: readonly ExistingReview[], options: ImportOptions): ImportPlan {
  const byKey = new Map(existing.filter((e) => e.source && e.sourceId).map((e) => [key(e.source!, e.sourceId!), e]));
  const known = new Set(byKey.keys());
  const names = new Set(existing.map((e) => e.name));
  const files: ImportPlan['files'] = [];
  const toVerify: string[] = [];
  const problems: string[] = [];
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
      const file = byKey.get(id);
      if (options.verified && file && file.verified === false) toVerify.push(file.name);
      continue;
    }
    known.add(id);
    const date = dateOf(record.written, options.timeZone);
    if (date > options.today) {
      problems.push(`${record.where}: the review is dated ${date}, after today (${options.today} in ${options.timeZone})`);
      continue;
    }
    const replyDate = record.reply ? dateOf(record.reply.written, options.timeZone) : undefined;
    if (replyDate !== undefined && replyDate < date) {
      problems.push(
        `${record.where}: the reply is dated ${replyDate}, before the review it answers (${date}); correct either date in the export`,
      );
      continue;
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
            date: replyDate!,
          }
        : null,
    };
    const body = record.text === null ? '' : clean(record.text).trim();
    const text = `---\n${stringify(header, { lineWidth: 0 })}---\n${body === '' ? '' : `${body}\n`}`;
    const name = freeName(`${date}-${slug(author)}`, names);
    const checked = parseReviewFile(name, text);
    if (!checked.ok) {
      problems.push(`${record.where}: ${checked.problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`);
      continue;
    }
    files.push({ name, text });
  }
  return { files, alreadyPresent, toVerify: [...new Set(toVerify)].sort(), replaced, problems };
}

/**
 * A review file's text with its `verified: false` line made `verified: true`,
 * every other byte kept (the owner's edits, comments and layout stay).
 */
export function markVerified(text: string): string | undefined {
  const marked = text.replace(/^verified:[ \t]*false[ \t]*$/m, 'verified: true');
  return marked === text ? undefined : marked;
}

const key = (source: string, sourceId: string) => `${source}\u0000${sourceId}`;

function dateOf(when: When, timeZone: string): string {
  return 'date' in when ? when.date : dateIn(timeZone, when.instant);
}

function timeOf(when: When): number {
  return 'date' in when ? Date.parse(`${when.date}T12:00:00Z`) : when.instant.getTime();
}

/** `Zoë P.` → `zoe-p`, `Søren K.` → `soren-k`, `Łukasz P.` → `lukasz-p`: the file-name part of an author, like the hand-written files. */
export function slug(author: string): string {
  const ascii = transliterate(author)
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
