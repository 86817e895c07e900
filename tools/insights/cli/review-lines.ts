import { z } from 'zod';
import { SlugSchema } from '../../../src/schemas/common.ts';
import { OwnerReplySchema, ReviewSchema } from '../../../src/schemas/review.ts';

/**
 * One line of the CLI's JSONL input: a Review where only id, rating, date and
 * text are required. Mentions are optional so the analyser's caller can
 * derive them from the text; unknown keys (an eval file's `labels`) are ignored.
 */
export const ReviewLineSchema = ReviewSchema.extend({
  id: z.string().min(1).describe('Any non-empty id; the site uses ULIDs'),
  author: z.string().default('Anonymous'),
  author_avatar_url: z.url().nullable().default(null),
  source: z.string().default('import'),
  source_url: z.url().nullable().default(null),
  owner_reply: OwnerReplySchema.nullable().default(null),
  verified: z.literal(true).default(true),
  technicians: z.array(z.string()).optional(),
  services: z.array(SlugSchema).optional(),
  service_area: z.string().nullable().default(null),
});
export type ReviewLine = z.infer<typeof ReviewLineSchema>;

export class InputError extends Error {
  override name = 'InputError';
}

/**
 * Parses JSONL with `schema`, collecting every problem before failing, each
 * named by line number and field: "line 3, rating: Too big: expected number to be <=5".
 */
export function parseJsonl<T extends z.ZodType>(text: string, schema: T): z.infer<T>[] {
  const values: z.infer<T>[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const lineNo = i + 1;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      problems.push(`line ${lineNo}: not valid JSON (${(error as Error).message})`);
      return;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`line ${lineNo}, ${issue.path.join('.') || '(line)'}: ${issue.message}`);
      return;
    }
    const id = (parsed.data as { id?: unknown }).id;
    if (typeof id === 'string') {
      const first = seen.get(id);
      if (first !== undefined) problems.push(`line ${lineNo}, id: "${id}" already used on line ${first}`);
      else seen.set(id, lineNo);
    }
    values.push(parsed.data);
  });
  if (problems.length > 0) throw new InputError(problems.join('\n'));
  return values;
}
