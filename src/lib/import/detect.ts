import { readCsv } from './csv.ts';
import { readGoogleExport } from './google.ts';
import { readPlainCsv, isPlainHeader } from './plain-csv.ts';
import { ImportError, type RecordsRead } from './record.ts';
import { isTrustpilotHeader, readTrustpilotExport } from './trustpilot.ts';

export type ExportFormat = 'google' | 'trustpilot' | 'plain-csv';

/**
 * Reads an export of any known format, told apart by its content (JSON, or a
 * CSV header's column names). A file that is not the format at all throws;
 * bad records are listed in `problems`, every one of them.
 */
export function readExport(text: string): RecordsRead & { format: ExportFormat } {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return { format: 'google', ...readGoogleExport(text) };
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const { header } = readCsv(firstLine);
  if (isTrustpilotHeader(header)) return { format: 'trustpilot', ...readTrustpilotExport(text) };
  if (isPlainHeader(header)) return { format: 'plain-csv', ...readPlainCsv(text) };
  throw new ImportError(
    'not a format the importer knows: expected Google Business Profile JSON ({"reviews": [...]}), a Trustpilot CSV (Review Id, Review Stars, ...) or a CSV with source, source_id, author, rating, date',
  );
}
