import { CsvError, parse } from 'csv-parse/sync';
import { ImportError } from './record.ts';

export interface CsvRow {
  /** `line 5`, or `line 5 (Review Id "…")` once the reader knows the row's id. */
  line: number;
  /** Cells by lower-cased, trimmed header name. */
  cells: Record<string, string>;
}

/**
 * An RFC 4180 CSV with a header row (UTF-8, with or without BOM), parsed by
 * csv-parse. A broken quote or a row with the wrong number of cells stops the
 * import naming the line.
 */
export function readCsv(text: string): { header: string[]; rows: CsvRow[] } {
  let header: string[] = [];
  try {
    const records = parse(text, {
      bom: true,
      columns: (names: string[]) => (header = names.map((n) => n.trim().toLowerCase())),
      skip_empty_lines: true,
      info: true,
      raw: true,
    }) as { record: Record<string, string>; info: { lines: number }; raw: string }[];
    return {
      header,
      rows: records.map(({ record, info, raw }) => ({
        // info.lines is the record's last line; a quoted cell may span several.
        line: info.lines - (raw.replace(/\r?\n$/, '').match(/\n/g)?.length ?? 0),
        cells: record,
      })),
    };
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new ImportError(`${line ? `line ${line}: ` : ''}not valid CSV: ${CSV_PROBLEMS[error.code] ?? error.message}`);
    }
    throw error;
  }
}

/** The first header among `names` the file has (Trustpilot renames columns between export versions). */
export function column(header: readonly string[], ...names: string[]): string | undefined {
  return names.find((n) => header.includes(n));
}

/** Like `column`, for a column the format cannot do without. */
export function requiredColumn(header: readonly string[], ...names: string[]): string {
  const found = column(header, ...names);
  if (!found) throw new ImportError(`line 1: the header has no "${names[0]}" column (it has: ${header.join(', ')})`);
  return found;
}

/** csv-parse's error codes, said for someone who will open the file in an editor. */
const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed (a " is missing)',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell has text after its closing quote (a " inside a quoted cell is written "")',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'the row does not have as many cells as the header',
  CSV_RECORD_DONT_MATCH_COLUMNS_LENGTH: 'the row does not have as many cells as the header',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted cell has text after its closing quote (a " inside a quoted cell is written "")',
};
