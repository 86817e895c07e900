import type { Insights, ReviewAnalysis } from '../../schemas/insights.ts';

/**
 * `/insights.json` as a server keeps it: every part as parsed, except the
 * analysis of each review (`per_review`), kept as its JSON text and parsed
 * when one is asked for. Parsed, those ten thousand small objects took over
 * 20 MB at 10,000 reviews, past the memory the read path is allowed; as text,
 * a fifth of that.
 */
export interface InsightsSnapshot extends Omit<Insights, 'per_review'> {
  analysisOf(reviewId: string): ReviewAnalysis | undefined;
}

export function snapshotInsights(insights: Insights): InsightsSnapshot {
  const { per_review, ...rest } = insights;
  const analyses = new Map(Object.entries(per_review).map(([id, analysis]) => [id, JSON.stringify(analysis)]));
  return {
    ...rest,
    analysisOf: (reviewId) => {
      const json = analyses.get(reviewId);
      return json === undefined ? undefined : (JSON.parse(json) as ReviewAnalysis);
    },
  };
}
