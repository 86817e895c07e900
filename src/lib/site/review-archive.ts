import type { Review } from '../../schemas/review.ts';
import { monthOf } from './permalinks.ts';

/** One month's archive page: every review of the month, newest first, and its neighbours. */
export interface MonthPage {
  month: string;
  reviews: Review[];
  /** The closest newer month that has reviews: `rel="prev"`, since the archive reads newest first. */
  newer: string | null;
  /** The closest older month that has reviews: `rel="next"`. */
  older: string | null;
}

/**
 * Splits the dataset's reviews (already newest first) into month pages, newest month first.
 * Months without reviews get no page: a page that says "nothing" helps no one, and the neighbours skip them.
 */
export function monthPages(reviews: readonly Review[]): MonthPage[] {
  const pages: MonthPage[] = [];
  for (const review of reviews) {
    const month = monthOf(review.date);
    const last = pages.at(-1);
    if (last?.month === month) last.reviews.push(review);
    else pages.push({ month, reviews: [review], newer: last?.month ?? null, older: null });
  }
  for (let i = 0; i + 1 < pages.length; i += 1) pages[i]!.older = pages[i + 1]!.month;
  return pages;
}
