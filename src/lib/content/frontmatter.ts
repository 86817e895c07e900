import { parseDocument } from 'yaml';

export type Frontmatter =
  | { ok: true; data: unknown; body: string }
  | { ok: false; field: string; message: string };

const FENCE = /^---[ \t]*$/;

/**
 * Splits a Markdown file into its YAML header and body, and parses the header
 * with YAML 1.2's core schema: no timestamp type, so `date: 2026-11-31` stays
 * the text the owner wrote (YAML 1.1 loaders turn it into 2026-12-01).
 */
export function parseFrontmatter(text: string): Frontmatter {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!FENCE.test(lines[0] ?? '')) {
    return { ok: false, field: '(frontmatter)', message: 'the file does not start with a --- line (the header of fields comes first, between two --- lines)' };
  }
  const close = lines.findIndex((line, i) => i > 0 && FENCE.test(line));
  if (close === -1) {
    return {
      ok: false,
      field: '(frontmatter)',
      message: 'the header opened by --- on line 1 is not closed (add a --- line after the last field, before the review text)',
    };
  }
  const doc = parseDocument(lines.slice(1, close).join('\n'), { schema: 'core' });
  const [error] = doc.errors;
  if (error) {
    // The header starts on the file's second line.
    const line = (error.linePos?.[0]?.line ?? 0) + 1;
    const what = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, field: '(frontmatter)', message: `is not valid YAML on line ${line} of the file: ${what}` };
  }
  return { ok: true, data: doc.toJS(), body: lines.slice(close + 1).join('\n') };
}
