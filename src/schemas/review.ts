import { z } from 'zod';
import { ContentDateSchema, HttpUrlSchema, IsoDateSchema, NonEmptyTextSchema, SlugSchema, UlidSchema } from './common.ts';

export const RatingSchema = z.int().min(1).max(5).describe('Star rating, 1 to 5');

/** The rating of a review file, with the message an owner needs (the API keeps zod's own). */
const STARS = 'must be a whole number of stars from 1 to 5';
const FileRatingSchema = z
  .int({ error: (issue) => (issue.input === undefined ? undefined : STARS) })
  .min(1, STARS)
  .max(5, STARS);

export const OwnerReplySchema = z
  .object({
    text: NonEmptyTextSchema.describe("The business's public answer"),
    date: IsoDateSchema,
  })
  .meta({ id: 'OwnerReply' });

/** Frontmatter of one `content/reviews/*.md` file; the Markdown body is the review text. */
export const ReviewFileSchema = z.strictObject({
  id: UlidSchema,
  author: NonEmptyTextSchema,
  author_avatar_url: HttpUrlSchema.nullable().default(null),
  rating: FileRatingSchema,
  date: ContentDateSchema,
  source: SlugSchema.describe('google, yelp, facebook, website, ...'),
  source_url: HttpUrlSchema.nullable().default(null),
  source_id: NonEmptyTextSchema.optional().describe("The platform's id of an imported review: a re-import finds it by this"),
  owner_reply: z.strictObject({ text: NonEmptyTextSchema, date: ContentDateSchema }).nullable().default(null),
  verified: z.boolean(),
  service_area: NonEmptyTextSchema.nullable().default(null),
  technicians: z.array(NonEmptyTextSchema).optional().describe('Overrides the technicians derived from the text'),
  services: z.array(SlugSchema).optional().describe('Overrides the service ids derived from the text'),
});
export type ReviewFile = z.infer<typeof ReviewFileSchema>;

/** A published review: element of `/reviews.json`, search and since results. */
export const ReviewSchema = z
  .object({
    id: UlidSchema,
    author: z.string().describe('Display name as published'),
    author_avatar_url: z.url().nullable(),
    rating: RatingSchema,
    date: IsoDateSchema.describe('Date of the review'),
    text: z.string().nullable().describe('Review text; null for a rating-only review'),
    source: z.string().describe('Where the review was collected: google, yelp, facebook, website, ...'),
    source_url: z.url().nullable().describe('Permalink to the original'),
    owner_reply: OwnerReplySchema.nullable(),
    verified: z.literal(true).describe('Only verified reviews are published'),
    technicians: z.array(z.string()).describe('Technician display names this review mentions (roster names)'),
    services: z.array(SlugSchema).describe('Service ids this review mentions'),
    service_area: z.string().nullable(),
  })
  .meta({ id: 'Review', description: 'A verified customer review' });
export type Review = z.infer<typeof ReviewSchema>;
