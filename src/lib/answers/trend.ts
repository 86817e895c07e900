import { trendOver } from '../insights/temporal.ts';
import type { InsightsSnapshot } from './insights-snapshot.ts';
import { idsRated, reviewIds, type ReviewIndex } from '../search/index.ts';
import type { GetInsightsSummaryOutput, GetTrendOutput } from '../../schemas/mcp-tools.ts';

/**
 * The latest `months` of the monthly series (oldest first) and the verdict
 * over that window: its latest half against the half before (the build's
 * own verdict, 6 months against 6, is the window of 12).
 */
export function latestTrend(insights: InsightsSnapshot, months: number): GetTrendOutput {
  const { monthly } = insights.temporal;
  const window = monthly.slice(Math.max(0, monthly.length - months));
  const trend = trendOver(
    monthly.map((m) => m.month),
    insights.trendRecords(),
    Math.floor(months / 2),
  );
  return { trend, monthly: window };
}

/** The headline figures an assistant starts from: summary, sentiment, the most discussed aspects, the trend. */
export function insightsSummary(insights: InsightsSnapshot): GetInsightsSummaryOutput {
  const top = [...insights.aspects]
    .filter((a) => a.mention_count > 0)
    .sort((a, b) => b.mention_count - a.mention_count || a.id.localeCompare(b.id))
    .map(({ id, label, mention_count, positive_pct, score }) => ({ id, label, mention_count, positive_pct, score }));
  return {
    summary: insights.summary,
    pull_quote: insights.pull_quote,
    review_count: insights.review_count,
    date_range: insights.date_range,
    overall_sentiment: insights.overall_sentiment,
    generated_at: insights.generated_at,
    model: insights.model,
    top_aspects: top,
    trend: insights.temporal.trend.direction,
  };
}

/** Every review id, the critical ones first, lazily: a completion that stops early reads no further. */
export function* reviewIdsCriticalFirst(index: ReviewIndex): Generator<string> {
  // Reviews an owner would answer first: rated 1 or 2 stars, newest first.
  const critical = idsRated(index, [1, 2]);
  yield* critical;
  const seen = new Set(critical);
  for (const id of reviewIds(index)) if (!seen.has(id)) yield id;
}
