import { scaleBand, scaleLinear } from 'd3-scale';
import type { AspectSummary, Insights } from '../../schemas/insights.ts';
import type { AggregateRating } from '../../schemas/reviews-dataset.ts';

/**
 * Chart geometry: figures from the datasets in, coordinates out. The components only draw what
 * these return, so a chart can be checked without rendering it, and no figure is recomputed in a
 * template (the counts and percentages are the datasets' own).
 */

/** Width of every chart's viewBox: about a phone's width, so text stays readable when it scales. */
export const CHART_WIDTH = 320;

/**
 * The width of the full-width charts' second drawing, shown on wide screens (site.css swaps the two
 * at 48rem): about the page's text column at 1280 px, so the bars use the width they have while the
 * text stays at its size instead of being scaled up with a phone-sized drawing.
 */
export const WIDE_CHART_WIDTH = 880;

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
export function aspectChart(aspects: readonly AspectSummary[], width = CHART_WIDTH): AspectChart {
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
      const part = (count: number) => (n === 0 ? 0 : round1((count / n) * width));
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
}

export interface TrendTick {
  /** Reviews at this gridline. */
  value: number;
  y: number;
}

export interface TrendLabel {
  month: string;
  /** The label's centre: under its column, moved inward at the chart's edges so no label is cut off. */
  x: number;
}

export interface TrendChart {
  width: number;
  columns: TrendColumn[];
  /** Gridlines with their counts, from d3-scale's nice ticks: the top one is the first round number at or above the tallest month. */
  ticks: TrendTick[];
  /** Month labels: every `labelEvery` months, on calendar boundaries (January, July…), as many as fit without touching. */
  labels: TrendLabel[];
  labelEvery: number;
  /** Columns stand on `baseline`; the y axis' labels sit left of `plotX`. */
  plotX: number;
  top: number;
  baseline: number;
  height: number;
}

/** Width a month label such as "Nov 26" takes at the chart's 12px font (about 36), with the gap it needs from the next. */
export const LABEL_WIDTH = 42;
/** Months between labels: each divides a year, so labels fall on the same months every year. */
const LABEL_STEPS = [1, 2, 3, 4, 6, 12] as const;

/** Reviews per month for the latest `months` months (the series has every month, empty ones included), drawn `width` wide. */
export function trendChart(monthly: readonly MonthlyPoint[], options: { months?: number; width?: number } = {}): TrendChart {
  const width = options.width ?? CHART_WIDTH;
  const points = monthly.slice(-(options.months ?? 24));
  const top = 10;
  const plot = 120;
  const baseline = top + plot;
  const max = Math.max(1, ...points.map((p) => p.count));
  // Whole reviews only: never more gridlines than counts (a tallest month of 2 gets 0, 1, 2).
  const y = scaleLinear().domain([0, max]).range([baseline, top]).nice(Math.min(4, max));
  const ticks = y.ticks(Math.min(4, max)).filter((t) => Number.isInteger(t) && t > 0);
  const plotX = 8 + 7 * String(Math.max(...ticks, 1)).length;
  const x = scaleBand<string>()
    .domain(points.map((p) => p.month))
    .range([plotX, width])
    .paddingInner(0.3)
    .paddingOuter(0.15);
  const step = x.step();
  const labelEvery = LABEL_STEPS.find((k) => k * step >= LABEL_WIDTH) ?? 12;
  return {
    width,
    plotX,
    top,
    baseline,
    height: baseline + 20,
    labelEvery,
    ticks: ticks.map((value) => ({ value, y: round1(y(value)) })),
    columns: points.map((point) => {
      const height = round1(baseline - y(point.count));
      return { point, x: round1(x(point.month)!), width: round1(x.bandwidth()), y: round1(baseline - height), height };
    }),
    labels: withoutOverlap(
      points
        .filter((p) => (Number(p.month.slice(5, 7)) - 1) % labelEvery === 0)
        .map((p): TrendLabel => {
          const centre = x(p.month)! + x.bandwidth() / 2;
          return { month: p.month, x: round1(Math.min(width - LABEL_WIDTH / 2, Math.max(plotX + LABEL_WIDTH / 2, centre))) };
        }),
    ),
  };
}

/** The labels in order, leaving out any that would touch the one before (an edge label moved inward can come close). */
function withoutOverlap(labels: TrendLabel[]): TrendLabel[] {
  const kept: TrendLabel[] = [];
  for (const label of labels) {
    const previous = kept.at(-1);
    if (!previous || label.x - previous.x >= LABEL_WIDTH) kept.push(label);
  }
  return kept;
}
