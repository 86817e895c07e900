import { describe, expect, it } from 'vitest';
import { aggregateRating } from '../../../src/lib/aggregate-rating.ts';
import { aspectChart, CHART_WIDTH, distributionChart, niceCeiling, trendChart } from '../../../src/lib/site/charts.ts';
import type { AspectSummary } from '../../../src/schemas/insights.ts';

describe('distributionChart', () => {
  it('draws five rows, 5 stars first, the longest bar for the largest count, shares of all reviews', () => {
    const chart = distributionChart(aggregateRating([5, 5, 5, 4, 1].map((rating) => ({ rating }))));
    expect(chart.rows.map((r) => [r.stars, r.count, r.percent])).toEqual([
      [5, 3, 60],
      [4, 1, 20],
      [3, 0, 0],
      [2, 0, 0],
      [1, 1, 20],
    ]);
    expect(chart.rows[0]!.barWidth).toBe(chart.barMax);
    expect(chart.rows[1]!.barWidth).toBeCloseTo(chart.barMax / 3, 1);
    expect(chart.barX + chart.barMax).toBeLessThan(CHART_WIDTH);
  });

  it('draws empty bars for a business without reviews', () => {
    const chart = distributionChart(aggregateRating([]));
    expect(chart.rows.every((r) => r.barWidth === 0 && r.percent === 0)).toBe(true);
  });
});

describe('aspectChart', () => {
  const aspect = (id: AspectSummary['id'], pos: number, neu: number, neg: number): AspectSummary => ({
    id,
    label: id,
    mention_count: pos + neu + neg,
    positive_count: pos,
    neutral_count: neu,
    negative_count: neg,
    positive_pct: 0,
    score: 0,
    top_phrases: [],
    phrases: [],
    example_review_ids: [],
    reasons: [],
  });

  it('orders by mentions and splits each bar into its three shares', () => {
    const chart = aspectChart([aspect('pricing', 1, 0, 1), aspect('punctuality', 3, 1, 0), aspect('safety', 0, 0, 0)]);
    expect(chart.rows.map((r) => r.aspect.id)).toEqual(['punctuality', 'pricing', 'safety']);
    expect([chart.rows[0]!.positive, chart.rows[0]!.neutral, chart.rows[0]!.negative]).toEqual([240, 80, 0]);
    expect(chart.rows[1]!.positive + chart.rows[1]!.negative).toBe(CHART_WIDTH);
    expect(chart.rows[2]!.positive + chart.rows[2]!.neutral + chart.rows[2]!.negative).toBe(0);
  });
});

describe('trendChart', () => {
  const month = (m: string, count: number) => ({ month: m, count, average_rating: count ? 5 : null, sentiment: null });

  it('keeps the latest months, stands columns on the baseline and scales them to a round top', () => {
    const monthly = Array.from({ length: 30 }, (_, i) => month(`20${22 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`, i));
    const chart = trendChart(monthly, 24);
    expect(chart.columns).toHaveLength(24);
    expect(chart.columns[0]!.point.month).toBe('2022-07');
    expect(chart.maxCount).toBe(50);
    for (const c of chart.columns) expect(c.y + c.height).toBeCloseTo(chart.baseline, 5);
    expect(chart.columns.at(-1)).toMatchObject({ labelled: true, labelAnchor: 'end' });
    expect(chart.columns[12]!.labelAnchor).toBe('middle');
    expect(chart.columns.filter((c) => c.labelled).length).toBeLessThanOrEqual(6);
  });

  it('rounds the top to 1, 2 or 5 times a power of ten', () => {
    expect([1, 3, 7, 10, 11, 180, 2001].map(niceCeiling)).toEqual([1, 5, 10, 10, 20, 200, 5000]);
  });
});
