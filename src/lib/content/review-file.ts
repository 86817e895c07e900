import { ReviewFileSchema, type ReviewFile } from '../../schemas/review.ts';
import type { ContentProblem } from '../content-error.ts';
import { parseFrontmatter } from './frontmatter.ts';
import { textLengthProblem } from './limits.ts';
import { firstXmlIllegal, stringsOf } from './xml-chars.ts';
import { zodProblems } from './zod-problems.ts';

/** One review file as the content layer read it. */
export interface ReviewEntry {
  /** Path relative to the project, for error messages. */
  file: string;
  data: ReviewFile;
  body: string;
}

export type ParsedReviewFile = { ok: true; data: ReviewFile; body: string } | { ok: false; problems: ContentProblem[] };

/** One `content/reviews/*.md` file, from its text: header validated, body kept as written. */
export function parseReviewFile(file: string, text: string): ParsedReviewFile {
  const front = parseFrontmatter(text);
  if (!front.ok) return { ok: false, problems: [{ file, field: front.field, message: front.message }] };
  const problems = [...xmlProblems(file, { ...asRecord(front.data), text: front.body }), ...lengthProblems(file, front.data, front.body)];
  const parsed = ReviewFileSchema.safeParse(front.data ?? {});
  if (!parsed.success) problems.push(...zodProblems(file, parsed.error));
  else problems.push(...ratingProblems(file, text));
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  return { ok: true, data: parsed.data, body: front.body };
}

/** A problem for every field holding a character XML 1.0 cannot carry: it would break the Atom feed. */
export function xmlProblems(file: string, value: unknown): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const [field, text] of stringsOf(value)) {
    const char = firstXmlIllegal(text);
    if (char) {
      problems.push({
        file,
        field: field || '(file)',
        message: `holds the character ${char}, which XML feeds cannot carry (delete it; it is usually invisible, pasted from another app)`,
      });
    }
  }
  return problems;
}

/**
 * YAML reads `0x5`, `0o5` and `5e0` as the number 5; a rating is written as
 * one digit, so anything else is a typo or an edit, refused as the importer
 * refuses it.
 */
function ratingProblems(file: string, text: string): ContentProblem[] {
  const written = /^rating:[ \t]*(.*?)[ \t]*(?:#.*)?$/m.exec(text)?.[1];
  if (written === undefined || /^[1-5]$/.test(written)) return [];
  return [{ file, field: 'rating', message: `"${written}" must be written as one digit from 1 to 5` }];
}

/** The review text and the reply past the documented maximum length (docs/owner.md). */
function lengthProblems(file: string, data: unknown, body: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const textProblem = textLengthProblem(body.trim());
  if (textProblem) problems.push({ file, field: '(review text)', message: textProblem });
  const reply = asRecord(asRecord(data).owner_reply).text;
  const replyProblem = typeof reply === 'string' ? textLengthProblem(reply) : undefined;
  if (replyProblem) problems.push({ file, field: 'owner_reply.text', message: replyProblem });
  return problems;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
