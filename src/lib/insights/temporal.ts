import type { Insights, Trend } from '../../schemas/insights.ts';
import type { ReviewResult } from './analyse-review.ts';
import { mean, round } from './numbers.ts';

type Monthly = Insights['temporal']['monthly'][number];
type TrendWindow = NonNullable<Trend['recent']>;

const WINDOW_MONTHS = 6;
/** Fewer reviews than this in either window and a trend would be noise. */
const MIN_WINDOW_REVIEWS = 3;
const RATING_STEP = 0.2;
const SENTIMENT_STEP = 0.1;

export function temporal(results: readonly ReviewResult[]): Insights['temporal'] {
  const monthly = monthlySeries(results);
  return {
    monthly,
    trend: trendOver(
      monthly.map((m) => m.month),
      results.map(trendRecord),
      WINDOW_MONTHS,
    ),
  };
}

/** Every month from the first review to the last, empty months included, so gaps show. */
function monthlySeries(results: readonly ReviewResult[]): Monthly[] {
  const byMonth = new Map<string, ReviewResult[]>();
  for (const r of results) {
    const month = r.review.date.slice(0, 7);
    const list = byMonth.get(month);
    if (list) list.push(r);
    else byMonth.set(month, [r]);
  }
  if (byMonth.size === 0) return [];
  const months = [...byMonth.keys()].sort();
  return monthsBetween(months[0]!, months[months.length - 1]!).map((month) => point(month, byMonth.get(month) ?? []));
}

function point(month: string, results: readonly ReviewResult[]): Monthly {
  const rating = mean(results.map((r) => r.review.rating));
  const sentiment = mean(results.flatMap((r) => (r.analysis.sentiment ? [r.analysis.sentiment.score] : [])));
  return {
    month,
    count: results.length,
    average_rating: rating === null ? null : round(rating, 2),
    sentiment: sentiment === null ? null : round(sentiment, 3),
  };
}

export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let key = first; key <= last;) {
    out.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    key = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  }
  return out;
}

/** What a trend reads of a review. */
export interface TrendRecord {
  date: string;
  rating: number;
  sentiment: number | null;
}

function trendRecord(r: ReviewResult): TrendRecord {
  return { date: r.review.date, rating: r.review.rating, sentiment: r.analysis.sentiment?.score ?? null };
}

/**
 * The latest `half` months of data against the `half` before them (counted
 * back from the newest review's month, never from today; `months` is the
 * series, oldest first). The star rating decides when it moved by 0.2 or
 * more; otherwise the text sentiment does when it moved by 0.1. The build
 * compares 6 months with 6; get_trend compares the halves of the window it
 * is asked for.
 */
export function trendOver(months: readonly string[], records: readonly TrendRecord[], half: number): Trend {
  const basis =
    half < 1
      ? 'A verdict compares the latest months with as many before them: it needs a window of at least 2 months.'
      : `Latest ${monthsWord(half)} of reviews against the ${monthsWord(half)} before them: a change of at least ` +
        `${RATING_STEP} stars in the average rating decides; otherwise a change of at least ${SENTIMENT_STEP} in text sentiment; otherwise stable. ` +
        `Needs ${MIN_WINDOW_REVIEWS} reviews in each half.`;
  const recent = half < 1 ? null : windowOf(months.slice(-half), records);
  const previous = half < 1 ? null : windowOf(months.slice(-2 * half, -half), records);
  const ratingChange =
    recent && previous && recent.average_rating !== null && previous.average_rating !== null
      ? round(recent.average_rating - previous.average_rating, 2)
      : null;
  const sentimentChange =
    recent && previous && recent.sentiment !== null && previous.sentiment !== null ? round(recent.sentiment - previous.sentiment, 3) : null;
  const enough = recent !== null && previous !== null && recent.count >= MIN_WINDOW_REVIEWS && previous.count >= MIN_WINDOW_REVIEWS;
  return {
    direction: enough ? direction(ratingChange, sentimentChange) : 'insufficient_data',
    basis,
    recent,
    previous,
    rating_change: ratingChange,
    sentiment_change: sentimentChange,
  };
}

function monthsWord(n: number): string {
  return n === 1 ? 'month' : `${n} months`;
}

function direction(ratingChange: number | null, sentimentChange: number | null): Trend['direction'] {
  if (ratingChange !== null && Math.abs(ratingChange) >= RATING_STEP) return ratingChange > 0 ? 'improving' : 'declining';
  if (sentimentChange !== null && Math.abs(sentimentChange) >= SENTIMENT_STEP) return sentimentChange > 0 ? 'improving' : 'declining';
  return 'stable';
}

function windowOf(months: readonly string[], records: readonly TrendRecord[]): TrendWindow | null {
  if (months.length === 0) return null;
  const from = months[0]!;
  const to = months[months.length - 1]!;
  const inside = records.filter((r) => {
    const month = r.date.slice(0, 7);
    return month >= from && month <= to;
  });
  const rating = mean(inside.map((r) => r.rating));
  const sentiment = mean(inside.flatMap((r) => (r.sentiment === null ? [] : [r.sentiment])));
  return {
    from,
    to,
    count: inside.length,
    average_rating: rating === null ? null : round(rating, 2),
    sentiment: sentiment === null ? null : round(sentiment, 3),
  };
}
