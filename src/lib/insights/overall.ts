import type { Insights } from '../../schemas/insights.ts';
import type { ReviewResult } from './analyse-review.ts';
import { mean, pct, round } from './numbers.ts';

export function overallSentiment(results: readonly ReviewResult[]): Insights['overall_sentiment'] {
  const sentiments = results.flatMap((r) => (r.analysis.sentiment ? [r.analysis.sentiment] : []));
  const count = (label: string): number => sentiments.filter((s) => s.label === label).length;
  return {
    score: round(mean(sentiments.map((s) => s.score)) ?? 0, 3),
    positive_pct: pct(count('positive'), sentiments.length),
    neutral_pct: pct(count('neutral'), sentiments.length),
    negative_pct: pct(count('negative'), sentiments.length),
    text_review_count: sentiments.length,
  };
}

export function dateRange(results: readonly ReviewResult[]): Insights['date_range'] {
  let earliest: string | null = null;
  let latest: string | null = null;
  for (const { review } of results) {
    if (earliest === null || review.date < earliest) earliest = review.date;
    if (latest === null || review.date > latest) latest = review.date;
  }
  return { earliest, latest };
}

/**
 * The newest date in the content (a review or an owner reply), as midnight UTC:
 * unchanged content rebuilds to the same bytes, a new review or reply moves it.
 */
export function generatedAt(results: readonly ReviewResult[]): string | null {
  let latest: string | null = null;
  for (const { review } of results) {
    for (const date of [review.date, review.owner_reply?.date]) if (date && (latest === null || date > latest)) latest = date;
  }
  return latest === null ? null : `${latest}T00:00:00Z`;
}
