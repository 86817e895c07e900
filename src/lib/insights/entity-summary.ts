import type { AspectId } from '../../schemas/catalogue.ts';
import type { EntityStats } from '../../schemas/insights.ts';
import { sentimentOf, type ReviewResult } from './analyse-review.ts';
import { mean, round } from './numbers.ts';

const TOP_ASPECTS = 3;
const EXAMPLES = 3;

/** Statistics over the reviews that mention one entity (a technician, a service, ...). */
export function entityStats(results: readonly ReviewResult[], aspectOrder: ReadonlyMap<AspectId, number>): EntityStats {
  const averageRating = mean(results.map((r) => r.review.rating));
  const scores = results.flatMap((r) => (r.analysis.sentiment ? [r.analysis.sentiment.score] : []));
  const sentiment = mean(scores);
  return {
    mention_count: results.length,
    average_rating: averageRating === null ? null : round(averageRating, 2),
    sentiment: sentiment === null ? null : sentimentOf(sentiment),
    // A mean hides the critical reviews of a well-liked entity: say how many read each way.
    positive_count: results.filter((r) => r.analysis.sentiment?.label === 'positive').length,
    negative_count: results.filter((r) => r.analysis.sentiment?.label === 'negative').length,
    top_aspects: topAspects(results, aspectOrder),
    // Newest first: the reviews arrive sorted that way.
    example_review_ids: results.slice(0, EXAMPLES).map((r) => r.review.id),
  };
}

function topAspects(results: readonly ReviewResult[], aspectOrder: ReadonlyMap<AspectId, number>): EntityStats['top_aspects'] {
  const byAspect = new Map<AspectId, number[]>();
  for (const r of results) {
    for (const a of r.analysis.aspects) {
      const scores = byAspect.get(a.id);
      if (scores) scores.push(a.score);
      else byAspect.set(a.id, [a.score]);
    }
  }
  return [...byAspect]
    .sort((a, b) => b[1].length - a[1].length || (aspectOrder.get(a[0]) ?? 0) - (aspectOrder.get(b[0]) ?? 0))
    .slice(0, TOP_ASPECTS)
    .map(([id, scores]) => ({ id, mention_count: scores.length, score: round(mean(scores) ?? 0, 3) }));
}

/** Most mentioned first, then by key, so equal counts keep one fixed order. */
export function byMentions<T extends { mention_count: number }>(key: (entry: T) => string): (a: T, b: T) => number {
  return (a, b) => b.mention_count - a.mention_count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}
