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
    trend: trendOf(
      monthly.map((m) => m.month),
      results,
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

/**
 * The latest six months of data against the six before them (counted back
 * from the newest review, never from today). The star rating decides when it
 * moved by 0.2 or more; otherwise the text sentiment does when it moved by 0.1.
 */
function trendOf(months: readonly string[], results: readonly ReviewResult[]): Trend {
  const basis =
    `Latest ${WINDOW_MONTHS} months of reviews against the ${WINDOW_MONTHS} before them: a change of at least ` +
    `${RATING_STEP} stars in the average rating decides; otherwise a change of at least ${SENTIMENT_STEP} in text sentiment; otherwise stable. ` +
    `Needs ${MIN_WINDOW_REVIEWS} reviews in each window.`;
  const recent = windowOf(months.slice(-WINDOW_MONTHS), results);
  const previous = windowOf(months.slice(-2 * WINDOW_MONTHS, -WINDOW_MONTHS), results);
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

function direction(ratingChange: number | null, sentimentChange: number | null): Trend['direction'] {
  if (ratingChange !== null && Math.abs(ratingChange) >= RATING_STEP) return ratingChange > 0 ? 'improving' : 'declining';
  if (sentimentChange !== null && Math.abs(sentimentChange) >= SENTIMENT_STEP) return sentimentChange > 0 ? 'improving' : 'declining';
  return 'stable';
}

function windowOf(months: readonly string[], results: readonly ReviewResult[]): TrendWindow | null {
  if (months.length === 0) return null;
  const from = months[0]!;
  const to = months[months.length - 1]!;
  const inside = results.filter((r) => {
    const month = r.review.date.slice(0, 7);
    return month >= from && month <= to;
  });
  const summary = point(from, inside);
  return { from, to, count: summary.count, average_rating: summary.average_rating, sentiment: summary.sentiment };
}
