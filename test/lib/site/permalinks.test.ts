import { describe, expect, it } from 'vitest';
import { compareNewestFirst } from '../../../src/lib/order.ts';
import { monthOf, monthPath, reviewPermalink } from '../../../src/lib/site/permalinks.ts';
import { monthPages } from '../../../src/lib/site/review-archive.ts';
import { makeReview } from '../../support/review.ts';
import { reviewId } from '../../support/business.ts';

const review = (n: number, date: string) => makeReview({ id: reviewId(n), author: `A${n}`, rating: 5, date, text: null });

describe('reviewPermalink', () => {
  it('is the review anchor on the archive page of its month', () => {
    expect(reviewPermalink({ id: reviewId(1), date: '2025-03-10' })).toBe(`/reviews/2025-03/#review-${reviewId(1)}`);
    expect(monthOf('2024-12-31')).toBe('2024-12');
    expect(monthPath('2024-12')).toBe('/reviews/2024-12/');
  });
});

describe('monthPages', () => {
  const reviews = [review(1, '2025-03-10'), review(2, '2025-03-02'), review(3, '2025-01-20'), review(4, '2024-11-05')].sort(
    compareNewestFirst,
  );

  it('puts every review on the page of its month, newest first, and links months with reviews to their neighbours', () => {
    const pages = monthPages(reviews);
    expect(pages.map((p) => [p.month, p.reviews.map((r) => r.id), p.newer, p.older])).toEqual([
      ['2025-03', [reviewId(1), reviewId(2)], null, '2025-01'],
      ['2025-01', [reviewId(3)], '2025-03', '2024-11'],
      ['2024-11', [reviewId(4)], '2025-01', null],
    ]);
  });

  it('keeps every existing permalink where it was when newer reviews arrive, even in the same month', () => {
    const where = (list: typeof reviews) =>
      new Map(monthPages(list).flatMap((p) => p.reviews.map((r) => [r.id, monthPath(p.month)] as const)));
    const before = where(reviews);
    const after = where([review(9, '2025-03-31'), review(8, '2025-04-01'), ...reviews].sort(compareNewestFirst));
    for (const r of reviews) {
      expect(after.get(r.id)).toBe(before.get(r.id));
      expect(reviewPermalink(r).startsWith(before.get(r.id)!)).toBe(true);
    }
  });

  it('has no page without reviews', () => {
    expect(monthPages([])).toEqual([]);
  });
});
