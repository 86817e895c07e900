import type { PullQuote } from '../../schemas/insights.ts';
import type { ReviewResult } from './analyse-review.ts';

/** Long enough to say something, short enough for a banner. */
const LENGTH = { min: 40, max: 180 };

/**
 * The most positive quotable sentence of the best-rated reviews, preferring
 * one that praises several aspects at once. Ties go to the newer review.
 */
export function pickPullQuote(results: readonly ReviewResult[]): PullQuote | null {
  const topRating = Math.max(0, ...results.filter((r) => r.sentences.length > 0).map((r) => r.review.rating));
  let best: { rank: number; quote: PullQuote } | null = null;
  for (const r of results) {
    if (r.review.rating !== topRating) continue;
    for (const s of r.sentences) {
      if (s.text.length < LENGTH.min || s.text.length > LENGTH.max || s.score <= 0) continue;
      const rank = s.score + 0.1 * Math.min(s.aspects, 3);
      if (best === null || rank > best.rank) {
        const { id, author, rating, date } = r.review;
        best = { rank, quote: { review_id: id, text: s.text, author, rating, date } };
      }
    }
  }
  return best?.quote ?? null;
}
