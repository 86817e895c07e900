import { describe, expect, it } from 'vitest';
import { aggregateRating } from '../../../src/lib/aggregate-rating.ts';
import { aspectChart, CHART_WIDTH, distributionChart, LABEL_WIDTH, trendChart, WIDE_CHART_WIDTH } from '../../../src/lib/site/charts.ts';
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
  /** `n` consecutive months from January 2022, with the given counts (repeated). */
  const series = (n: number, counts: number[] = [1]) =>
    Array.from({ length: n }, (_, i) =>
      month(`${2022 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`, counts[i % counts.length]!),
    );

  it('keeps the latest months and stands every column on the baseline', () => {
    const chart = trendChart(series(30, [3, 9, 29]), { months: 24 });
    expect(chart.columns).toHaveLength(24);
    expect(chart.columns[0]!.point.month).toBe('2022-07');
    for (const c of chart.columns) expect(c.y + c.height).toBeCloseTo(chart.baseline, 5);
    expect(chart.columns.at(-1)!.x + chart.columns.at(-1)!.width).toBeLessThanOrEqual(CHART_WIDTH);
  });

  it('puts its top gridline at the first round number above the tallest month, never far above it', () => {
    // The tallest month has 29 reviews: gridlines at 10, 20 and 30 (a 1-2-5 ceiling said 50).
    const chart = trendChart(series(24, [3, 9, 29]));
    expect(chart.ticks.map((t) => t.value)).toEqual([10, 20, 30]);
    const tallest = chart.columns.reduce((a, b) => (b.height > a.height ? b : a));
    expect(tallest.y).toBeGreaterThanOrEqual(chart.ticks.at(-1)!.y);
    expect(tallest.y - chart.ticks.at(-1)!.y).toBeLessThan((chart.baseline - chart.top) * 0.05);
    expect(trendChart(series(24, [2])).ticks.map((t) => t.value)).toEqual([1, 2]);
    expect(trendChart(series(24, [0, 1])).ticks.map((t) => t.value)).toEqual([1]);
    expect(trendChart(series(24, [130, 7])).ticks.map((t) => t.value)).toEqual([50, 100, 150]);
  });

  it.each([CHART_WIDTH, WIDE_CHART_WIDTH])(
    'labels months on calendar boundaries, never two labels touching, none cut off (width %i)',
    (width) => {
      for (let n = 1; n <= 24; n += 1) {
        const chart = trendChart(series(n), { width });
        expect(chart.labels.length, `${n} months`).toBeGreaterThan(0);
        for (const [i, label] of chart.labels.entries()) {
          expect((Number(label.month.slice(5)) - 1) % chart.labelEvery).toBe(0);
          expect(label.x - LABEL_WIDTH / 2).toBeGreaterThanOrEqual(chart.plotX);
          expect(label.x + LABEL_WIDTH / 2).toBeLessThanOrEqual(width);
          if (i > 0) expect(label.x - chart.labels[i - 1]!.x, `${n} months`).toBeGreaterThanOrEqual(LABEL_WIDTH);
        }
      }
    },
  );

  it('labels more months when it has the width', () => {
    expect(trendChart(series(24), { width: CHART_WIDTH }).labelEvery).toBeGreaterThan(
      trendChart(series(24), { width: WIDE_CHART_WIDTH }).labelEvery,
    );
  });
});
