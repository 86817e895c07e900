import type { Insights, ReviewAnalysis } from '../../schemas/insights.ts';
import type { TrendRecord } from '../insights/temporal.ts';

/**
 * `/insights.json` as a server keeps it: every part as parsed, except the
 * analysis of each review (`per_review`), kept as its JSON text and parsed
 * when one is asked for. Parsed, those ten thousand small objects took over
 * 20 MB at 10,000 reviews, past the memory the read path is allowed; as text,
 * a fifth of that.
 */
export interface InsightsSnapshot extends Omit<Insights, 'per_review'> {
  analysisOf(reviewId: string): ReviewAnalysis | undefined;
  /** Date, rating and text sentiment of every review, for trends over other windows; read once, on first use. */
  trendRecords(): readonly TrendRecord[];
}

export function snapshotInsights(insights: Insights): InsightsSnapshot {
  const { per_review, ...rest } = insights;
  const analyses = new Map(Object.entries(per_review).map(([id, analysis]) => [id, JSON.stringify(analysis)]));
  let records: TrendRecord[] | undefined;
  return {
    ...rest,
    trendRecords: () =>
      (records ??= [...analyses.values()].map((json) => {
        const { date, rating, sentiment } = JSON.parse(json) as ReviewAnalysis;
        return { date, rating, sentiment: sentiment?.score ?? null };
      })),
    analysisOf: (reviewId) => {
      const json = analyses.get(reviewId);
      return json === undefined ? undefined : (JSON.parse(json) as ReviewAnalysis);
    },
  };
}
