import { z } from 'zod';
import { IsoDateSchema } from './common.ts';
import { RatingSchema, ReviewSchema } from './review.ts';

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 100;

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
    query: z.string().max(200).optional().describe('Case-insensitive substring of the review text (Unicode NFKC-normalised)'),
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
    matched: z.int().min(0).describe('How many reviews match, before limit'),
    returned: z.int().min(0).describe('How many reviews this answer holds'),
    reviews: z.array(ReviewSchema).describe('Matching reviews, newest first'),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SincePathSchema = z.strictObject({
  date: IsoDateSchema.describe('Reviews dated on or after this day (YYYY-MM-DD)'),
});

export const SinceResultSchema = z
  .object({
    since: IsoDateSchema.describe('The date asked for'),
    count: z.int().min(0),
    reviews: z.array(ReviewSchema).describe('Reviews dated on or after since, newest first'),
  })
  .meta({ id: 'SinceResult' });
export type SinceResult = z.infer<typeof SinceResultSchema>;
