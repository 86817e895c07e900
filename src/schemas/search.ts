import { z } from 'zod';
import { IsoDateSchema } from './common.ts';
import { RatingSchema, ReviewSchema, type Review } from './review.ts';

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 100;
export const SINCE_LIMIT_MAX = 1000;

/** The review's own field names, in the schema's order: what `fields` may list. */
export const REVIEW_FIELD_NAMES = Object.keys(ReviewSchema.shape) as (keyof Review)[];
const FIELD_NAME = `(?:${REVIEW_FIELD_NAMES.join('|')})`;

/** `fields`: a comma-separated subset of the review's field names; `id` is always included. */
export const FieldsSchema = z
  .string()
  .max(300)
  .regex(new RegExp(`^${FIELD_NAME}(?:,${FIELD_NAME})*$`), {
    error: (issue) => {
      const given = typeof issue.input === 'string' ? issue.input.split(',') : [];
      const unknown = given
        .filter((name) => !(REVIEW_FIELD_NAMES as string[]).includes(name))
        .map((name) => JSON.stringify(name.slice(0, 64)));
      return `${unknown.length > 0 ? `unknown field ${unknown.slice(0, 5).join(', ')}` : 'fields must be names separated by commas'}; valid fields: ${REVIEW_FIELD_NAMES.join(', ')}`;
    },
  })
  .describe(
    `Comma-separated review fields to return, e.g. id,date,rating,text (id is always included); absent: every field. Valid: ${REVIEW_FIELD_NAMES.join(', ')}`,
  );

/** `cursor`: the opaque `next_cursor` of the previous page (checked against the request's filters when read). */
export const CursorSchema = z
  .string()
  .max(512)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'cursor must be the next_cursor of an earlier answer, unchanged' })
  .describe('next_cursor of the previous page, to get the next one; only valid with the same filters');

const NextCursorSchema = z
  .string()
  .nullable()
  .describe('Give it as cursor, with the same filters, for the next page; null on the last page');

/** A review in an answer that may have been asked for some fields only. */
export const ReviewFieldsSchema = ReviewSchema.partial()
  .required({ id: true })
  .meta({ id: 'ReviewFields', description: 'A verified customer review: the fields asked for (fields), every field when none were' });

/**
 * Filters of `GET /api/reviews/search` and of the MCP tool `search_reviews`.
 * All optional, combined with AND.
 */
export const SearchQuerySchema = z
  .strictObject({
    rating: RatingSchema.optional().describe('Exact star rating, 1 to 5'),
    min_rating: z.number().min(1).max(5).optional().describe('Minimum star rating, inclusive, 1 to 5'),
    since: IsoDateSchema.optional().describe('Reviews on or after this date (YYYY-MM-DD)'),
    until: IsoDateSchema.optional().describe('Reviews on or before this date (YYYY-MM-DD)'),
    query: z
      .string()
      .max(200)
      .optional()
      .describe('Substring of the review text, matched case-insensitively after Unicode NFKC with diacritics folded (Tomas finds Tomás)'),
    mentions_technician: z
      .string()
      .max(100)
      .optional()
      .describe('Technician full name, first name or alias; an unknown name matches nothing'),
    mentions_service: z
      .string()
      .max(100)
      .optional()
      .describe('Service id (e.g. ev-charger-installation) or its label; an unknown service matches nothing'),
    limit: z
      .int()
      .min(1)
      .max(SEARCH_LIMIT_MAX)
      .default(SEARCH_LIMIT_DEFAULT)
      .describe(`Maximum number of reviews returned, 1 to ${SEARCH_LIMIT_MAX}`),
    cursor: CursorSchema.optional(),
    fields: FieldsSchema.optional(),
  })
  .refine((q) => !q.since || !q.until || q.since <= q.until, {
    path: ['until'],
    message: 'until must be on or after since',
    // Run even when another field failed, so one 400 reports every problem; only the two dates must be valid.
    when: ({ value }) => {
      const { since, until } = (value ?? {}) as { since?: unknown; until?: unknown };
      return IsoDateSchema.safeParse(since).success && IsoDateSchema.safeParse(until).success;
    },
  });
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchResultSchema = z
  .object({
    matched: z.int().min(0).describe('How many reviews match in all (every page), before limit'),
    returned: z.int().min(0).describe('How many reviews this answer holds'),
    reviews: z.array(ReviewFieldsSchema).describe('Matching reviews, newest first'),
    next_cursor: NextCursorSchema,
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SincePathSchema = z.strictObject({
  date: IsoDateSchema.describe('Reviews dated on or after this day (YYYY-MM-DD)'),
});

/** Query parameters of `GET /api/reviews/since/{date}`, all optional. */
export const SinceQuerySchema = z.strictObject({
  limit: z
    .int()
    .min(1)
    .max(SINCE_LIMIT_MAX)
    .optional()
    .describe(`Maximum number of reviews returned, 1 to ${SINCE_LIMIT_MAX}; absent: every review on or after the date`),
  cursor: CursorSchema.optional(),
  fields: FieldsSchema.optional(),
});
export type SinceQuery = z.infer<typeof SinceQuerySchema>;

export const SinceResultSchema = z
  .object({
    since: IsoDateSchema.describe('The date asked for'),
    count: z.int().min(0).describe('How many reviews are dated on or after since (every page)'),
    reviews: z.array(ReviewFieldsSchema).describe('Reviews dated on or after since, newest first'),
    next_cursor: NextCursorSchema,
  })
  .meta({ id: 'SinceResult' });
export type SinceResult = z.infer<typeof SinceResultSchema>;
