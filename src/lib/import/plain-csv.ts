import { SlugSchema } from '../../schemas/common.ts';
import { column, readCsv, requiredColumn } from './csv.ts';
import { ImportError, parseStars, parseWhen, present, readEach, type ImportRecord, type RecordsRead } from './record.ts';

/** Whether a CSV header row is the plain format (it names `source_id`). */
export const isPlainHeader = (header: readonly string[]) => header.includes('source_id');

/** The plain CSV: `source, source_id, author, rating, date` required; `text, reply, reply_date, source_url` optional. */
export function readPlainCsv(text: string): RecordsRead {
  const { header, rows } = readCsv(text);
  const [source, sourceIdColumn, author, rating, date] = ['source', 'source_id', 'author', 'rating', 'date'].map((n) =>
    requiredColumn(header, n),
  ) as [string, string, string, string, string];
  const textColumn = column(header, 'text');
  const reply = column(header, 'reply');
  const replyDate = column(header, 'reply_date');
  const url = column(header, 'source_url');

  return readEach(rows, ({ line, cells }): ImportRecord => {
    const sourceId = present(cells[sourceIdColumn]);
    const where = sourceId ? `line ${line} (source_id "${sourceId}")` : `line ${line}`;
    const required = (name: string) => {
      const value = present(cells[name]);
      if (value === null) throw new ImportError(`${where}: ${name}: is empty (required)`);
      return value.trim();
    };
    const slug = required(source);
    if (!SlugSchema.safeParse(slug).success)
      throw new ImportError(`${where}: source: "${slug}" must be a lowercase slug such as "google" or "yelp"`);
    const replyText = reply ? present(cells[reply]) : null;
    const replyWhen = replyDate ? present(cells[replyDate]) : null;
    if (replyText && !replyWhen) throw new ImportError(`${where}: reply_date: is empty, but the row has a reply`);
    return {
      where,
      source: slug,
      sourceId: required(sourceIdColumn),
      author: required(author),
      authorAvatarUrl: null,
      rating: parseStars(cells[rating] ?? '', where, 'rating'),
      written: parseWhen(required(date), where, 'date'),
      text: textColumn ? (present(cells[textColumn])?.trim() ?? null) : null,
      reply: replyText && replyWhen ? { text: replyText.trim(), written: parseWhen(replyWhen, where, 'reply_date') } : null,
      sourceUrl: url ? (present(cells[url])?.trim() ?? null) : null,
    };
  });
}
