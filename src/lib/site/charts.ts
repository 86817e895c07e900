import type { AspectSummary, Insights } from '../../schemas/insights.ts';
import type { AggregateRating } from '../../schemas/reviews-dataset.ts';

/**
 * Chart geometry: figures from the datasets in, coordinates out. The components only draw what
 * these return, so a chart can be checked without rendering it, and no figure is recomputed in a
 * template (the counts and percentages are the datasets' own).
 */

/** Width of every chart's viewBox: about a phone's width, so text stays readable when it scales. */
export const CHART_WIDTH = 320;

const round1 = (n: number) => Math.round(n * 10) / 10;

export interface DistributionRow {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** Share of all reviews, 0–100, 1 decimal. */
  percent: number;
  y: number;
  barWidth: number;
}

export interface DistributionChart {
  rows: DistributionRow[];
  height: number;
  barX: number;
  barMax: number;
  rowHeight: number;
}

/** Five rows, 5 stars first; bar lengths relative to the largest count, so the shape shows even when one rating dominates. */
export function distributionChart(rating: AggregateRating): DistributionChart {
  const rowHeight = 28;
  const barX = 44;
  const barMax = CHART_WIDTH - barX - 56;
  const counts = ([5, 4, 3, 2, 1] as const).map((stars) => ({ stars, count: rating.distribution[String(stars) as '1'] }));
  const max = Math.max(1, ...counts.map((c) => c.count));
  const total = rating.review_count;
  return {
    rowHeight,
    barX,
    barMax,
    height: rowHeight * 5,
    rows: counts.map(({ stars, count }, i) => ({
      stars,
      count,
      percent: total === 0 ? 0 : round1((count / total) * 100),
      y: i * rowHeight,
      barWidth: round1((count / max) * barMax),
    })),
  };
}

export interface AspectRow {
  aspect: AspectSummary;
  y: number;
  /** Widths of the positive, neutral and negative parts of the bar; they add up to the full width when the aspect is mentioned. */
  positive: number;
  neutral: number;
  negative: number;
}

export interface AspectChart {
  rows: AspectRow[];
  height: number;
  rowHeight: number;
  labelHeight: number;
  barHeight: number;
}

/** One stacked bar per aspect (positive, neutral, negative shares of the reviews that mention it), most mentioned first. */
export function aspectChart(aspects: readonly AspectSummary[]): AspectChart {
  const labelHeight = 18;
  const barHeight = 12;
  const rowHeight = labelHeight + barHeight + 12;
  const sorted = [...aspects].sort((a, b) => b.mention_count - a.mention_count || a.id.localeCompare(b.id));
  return {
    rowHeight,
    labelHeight,
    barHeight,
    height: rowHeight * sorted.length,
    rows: sorted.map((aspect, i) => {
      const n = aspect.mention_count;
      const part = (count: number) => (n === 0 ? 0 : round1((count / n) * CHART_WIDTH));
      return {
        aspect,
        y: i * rowHeight,
        positive: part(aspect.positive_count),
        neutral: part(aspect.neutral_count),
        negative: part(aspect.negative_count),
      };
    }),
  };
}

type MonthlyPoint = Insights['temporal']['monthly'][number];

export interface TrendColumn {
  point: MonthlyPoint;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Whether the axis names this month (every few months, so labels never overlap). */
  labelled: boolean;
  /** Where its label anchors: at the chart's edges, inward, so no label is cut off. */
  labelAnchor: 'start' | 'middle' | 'end';
}

export interface TrendChart {
  columns: TrendColumn[];
  /** Plot area: columns stand on `baseline`; the top gridline is `maxCount` at y = `top`. */
  top: number;
  baseline: number;
  height: number;
  maxCount: number;
}

/** Half the width of a month label such as "Nov 26" at the chart's font size. */
const LABEL_HALF_WIDTH = 20;

/** Reviews per month for the latest `months` months (the series has every month, empty ones included). */
export function trendChart(monthly: readonly MonthlyPoint[], months = 24): TrendChart {
  const points = monthly.slice(-months);
  const top = 16;
  const plot = 120;
  const baseline = top + plot;
  const maxCount = niceCeiling(Math.max(1, ...points.map((p) => p.count)));
  const step = CHART_WIDTH / Math.max(1, points.length);
  const labelEvery = Math.ceil(points.length / 6);
  return {
    top,
    baseline,
    height: baseline + 20,
    maxCount,
    columns: points.map((point, i) => {
      const height = round1((point.count / maxCount) * plot);
      const centre = i * step + step / 2;
      return {
        point,
        x: round1(i * step + step * 0.15),
        width: round1(step * 0.7),
        y: round1(baseline - height),
        height,
        labelled: (points.length - 1 - i) % labelEvery === 0,
        labelAnchor: centre < LABEL_HALF_WIDTH ? 'start' : centre > CHART_WIDTH - LABEL_HALF_WIDTH ? 'end' : 'middle',
      };
    }),
  };
}

/** The smallest of 1, 2, 5 × 10^k at or above n, so the top gridline reads as a round number. */
export function niceCeiling(n: number): number {
  const power = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 2, 5, 10]) if (m * power >= n) return m * power;
  return 10 * power;
}
