import type { AggregateRating } from '../../schemas/reviews-dataset.ts';

const integer = new Intl.NumberFormat('en-US');

/** The mean as `/reviews.json` publishes it (`4.8`, `4.45`), never more decimals: one figure everywhere. */
export function formatRatingValue(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** `1 review`, `1,234 reviews`. */
export function reviewCount(count: number): string {
  return `${integer.format(count)} ${count === 1 ? 'review' : 'reviews'}`;
}

/** The text alternative of the aggregate: "Rated 4.8 out of 5 from 340 reviews". */
export function ratingSentence(aggregate: AggregateRating): string {
  if (aggregate.review_count === 0) return 'No reviews yet';
  return `Rated ${formatRatingValue(aggregate.rating_value)} out of 5 from ${reviewCount(aggregate.review_count)}`;
}
