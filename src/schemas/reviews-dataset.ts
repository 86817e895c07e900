import { z } from 'zod';
import { BusinessSchema } from './business.ts';
import { ReviewSchema } from './review.ts';

export const AggregateRatingSchema = z
  .object({
    rating_value: z.number().min(1).max(5).describe('Mean rating, 2 decimals'),
    review_count: z.int().min(0),
    best_rating: z.literal(5),
    worst_rating: z.literal(1),
    distribution: z
      .object({ '1': z.int(), '2': z.int(), '3': z.int(), '4': z.int(), '5': z.int() })
      .describe('Number of reviews per star rating'),
  })
  .meta({ id: 'AggregateRating' });
export type AggregateRating = z.infer<typeof AggregateRatingSchema>;

/** `/reviews.json`. */
export const ReviewsDatasetSchema = z
  .object({
    business: BusinessSchema,
    aggregate_rating: AggregateRatingSchema,
    reviews: z.array(ReviewSchema).describe('All verified reviews, newest first (date desc, then id desc)'),
  })
  .meta({ id: 'ReviewsDataset' });
export type ReviewsDataset = z.infer<typeof ReviewsDatasetSchema>;
