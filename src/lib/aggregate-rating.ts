import type { AggregateRating } from '../schemas/reviews-dataset.ts';

export function aggregateRating(reviews: readonly { rating: number }[]): AggregateRating {
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let sum = 0;
  for (const { rating } of reviews) {
    distribution[String(rating) as keyof typeof distribution] += 1;
    sum += rating;
  }
  const count = reviews.length;
  return {
    // An empty business has no mean; 0 would read as a terrible score, so report the floor of the scale.
    rating_value: count === 0 ? 1 : Math.round((sum / count) * 100) / 100,
    review_count: count,
    best_rating: 5,
    worst_rating: 1,
    distribution,
  };
}
