import type { AggregateRating } from '../../schemas/reviews-dataset.ts';
import { plural, ratingLabel } from '../site/format.ts';

/** The text alternative of the aggregate, worded as the site words it: "Rated 4.8 out of 5 from 340 reviews". */
export function ratingSentence(aggregate: AggregateRating): string {
  if (aggregate.review_count === 0) return 'No reviews yet';
  return `${ratingLabel(aggregate.rating_value)} from ${plural(aggregate.review_count, 'review')}`;
}
