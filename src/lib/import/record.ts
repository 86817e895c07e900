/**
 * One review as an export holds it, before it becomes a file: the common
 * shape the three format readers produce (docs/owner.md).
 */
export interface ImportRecord {
  /** Where the record is in the export, for messages: `reviews[3] (reviewId "…")`, `line 5 (Review Id "…")`. */
  where: string;
  /** `google`, `trustpilot`, or a plain CSV's own slug. */
  source: string;
  /** The platform's id of the review: what makes a re-import find it again. */
  sourceId: string;
  /** Display name; null for an anonymous reviewer. */
  author: string | null;
  authorAvatarUrl: string | null;
  rating: number;
  /** When it was written: a calendar date (`YYYY-MM-DD`) or an instant (ISO 8601). */
  written: When;
  /** null for a rating-only review. */
  text: string | null;
  reply: { text: string; written: When } | null;
  sourceUrl: string | null;
}

/** A calendar date as the export wrote it, or an instant that becomes a date in the business's time zone. */
export type When = { date: string } | { instant: Date };

/** A file or record the importer cannot take: the message names the record; nothing is written. */
export class ImportError extends Error {
  override name = 'ImportError';
}

/** `(Translated by Google) …translation… (Original) …original…`: the reviewer's own words are kept. */
export function originalText(text: string): string {
  const original = /\(Original\)\s*([\s\S]*)$/.exec(text);
  if (original && /\(Translated by Google\)/.test(text)) return original[1]!.trim();
  // Google also shows an original followed by its translation.
  const translated = text.split(/\s*\(Translated by Google\)/);
  if (translated.length > 1 && translated[0]!.trim() !== '') return translated[0]!.trim();
  return text.trim();
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A date or timestamp cell. A timestamp without an offset is taken as UTC
 * (Trustpilot's column says so); a bare date is kept as written.
 */
export function parseWhen(value: string, where: string, field: string): When {
  const match = INSTANT.exec(value.trim());
  if (!match) throw new ImportError(`${where}: ${field}: "${value}" is not a date (YYYY-MM-DD) or a timestamp (YYYY-MM-DDTHH:MM:SSZ)`);
  if (match[2] === undefined) return { date: match[1]! };
  const instant = new Date(`${match[1]}T${match[2]}${match[3] ?? 'Z'}`);
  if (Number.isNaN(instant.getTime())) throw new ImportError(`${where}: ${field}: "${value}" is not a real moment`);
  return { instant };
}

/**
 * A star rating cell: exactly one digit from 1 to 5. `Number()` would also
 * take `0x5`, `5e0`, ` 5 ` and `5.0`; an export never writes those, so a cell
 * holding one is a file someone edited by hand, and is refused like `4.5`.
 */
export function parseStars(value: string, where: string, field: string): number {
  if (!/^[1-5]$/.test(value)) throw new ImportError(`${where}: ${field}: "${value}" is not a star rating (one digit from 1 to 5)`);
  return Number(value);
}

/** What the readers make of an export: every record they could read, and one line for each they could not. */
export interface RecordsRead {
  records: ImportRecord[];
  /** `line 5 (Review Id "…"): Review Stars: "0x5" is not a star rating (…)`, one per bad record. */
  problems: string[];
}

/** Reads every item, so one import reports every bad record at once instead of the first. */
export function readEach<T>(items: readonly T[], read: (item: T, index: number) => ImportRecord): RecordsRead {
  const result: RecordsRead = { records: [], problems: [] };
  for (const [index, item] of items.entries()) {
    try {
      result.records.push(read(item, index));
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      result.problems.push(error.message);
    }
  }
  return result;
}

/** Empty and whitespace-only cells are absent. */
export const present = (value: string | undefined | null): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value;
