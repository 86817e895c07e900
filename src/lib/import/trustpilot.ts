import { column, readCsv, requiredColumn } from './csv.ts';
import { ImportError, parseStars, parseWhen, present, readEach, type ImportRecord, type RecordsRead } from './record.ts';

/** Whether a CSV header row is Trustpilot's export (its columns are named `Review …`). */
export const isTrustpilotHeader = (header: readonly string[]) => header.includes('review id') && header.includes('review stars');

/** Trustpilot's CSV export; header names are matched case-insensitively. */
export function readTrustpilotExport(text: string): RecordsRead {
  const { header, rows } = readCsv(text);
  const id = requiredColumn(header, 'review id');
  const created = requiredColumn(header, 'review created (utc)', 'review created', 'review date');
  const stars = requiredColumn(header, 'review stars');
  const title = column(header, 'review title');
  const content = column(header, 'review content', 'review text');
  const username = column(header, 'review username', 'review consumer name', 'consumer name');
  const reply = column(header, 'business reply', 'reply content', 'company reply');
  const replyDate = column(
    header,
    'business reply date (utc)',
    'business reply date',
    'company reply date (utc)',
    'reply date (utc)',
    'reply date',
  );
  const url = column(header, 'review url', 'review link');

  return readEach(rows, ({ line, cells }): ImportRecord => {
    const sourceId = present(cells[id]);
    const where = sourceId ? `line ${line} (Review Id "${sourceId}")` : `line ${line}`;
    if (!sourceId) throw new ImportError(`${where}: Review Id: is empty (every review needs the id Trustpilot gave it)`);
    const replyText = reply ? present(cells[reply]) : null;
    const replyWhen = replyDate ? present(cells[replyDate]) : null;
    if (replyText && !replyWhen)
      throw new ImportError(`${where}: the reply has no date (${replyDate ? `"${replyDate}" is empty` : 'no reply date column'})`);
    return {
      where,
      source: 'trustpilot',
      sourceId,
      author: username ? (present(cells[username])?.trim() ?? null) : null,
      authorAvatarUrl: null,
      rating: parseStars(cells[stars] ?? '', where, 'Review Stars'),
      written: parseWhen(cells[created] ?? '', where, 'Review Created (UTC)'),
      text: joinTitle(title ? present(cells[title]) : null, content ? present(cells[content]) : null),
      reply: replyText && replyWhen ? { text: replyText.trim(), written: parseWhen(replyWhen, where, replyDate!) } : null,
      sourceUrl: url ? (present(cells[url])?.trim() ?? null) : null,
    };
  });
}

/** Trustpilot's title is often the content's first words; kept as a first paragraph only when it says something else. */
function joinTitle(title: string | null, content: string | null): string | null {
  const t = title?.trim().replace(/(\.\.\.|…)$/, '') ?? '';
  const c = content?.trim() ?? '';
  if (t === '' || c.toLowerCase().startsWith(t.toLowerCase())) return c === '' ? (title?.trim() ?? null) || null : c;
  return c === '' ? title!.trim() : `${title!.trim()}\n\n${c}`;
}
