import { describe, expect, it } from 'vitest';
import { aggregateRating } from '../../../src/lib/aggregate-rating.ts';
import { buildBadge } from '../../../src/lib/widget/badge.ts';
import { buildEmbedCard, EMBED_FRAME, EMBED_REVIEW_COUNT } from '../../../src/lib/widget/embed-card.ts';
import { badgeSnippet, frameSnippet } from '../../../src/lib/widget/snippets.ts';
import type { Review } from '../../../src/schemas/review.ts';
import type { ReviewsDataset } from '../../../src/schemas/reviews-dataset.ts';
import { makeReview } from '../../support/review.ts';

const HOSTILE = '</p><script>alert(1)</script><img src=x onerror=alert(1)> & "quotes"';

/** A dataset of `n` reviews, newest first, rated 5, 4, 3, 2, 1, 5, ... */
function datasetOf(n: number, name = 'Acme & Sons Electric'): ReviewsDataset {
  const reviews: Review[] = Array.from({ length: n }, (_, i) =>
    makeReview({
      id: `01JA${String(99 - i).padStart(22, '0')}`,
      author: i === 0 ? '<b>Eve</b>' : `Author ${i}`,
      rating: 5 - (i % 5),
      date: `2025-01-${String(28 - i).padStart(2, '0')}`,
      text: i === 0 ? HOSTILE : i === 1 ? null : `Review ${i}.`,
      source: i % 2 ? 'yelp' : 'nextdoor-ish',
    }),
  );
  return { business: { name } as ReviewsDataset['business'], aggregate_rating: aggregateRating(reviews), reviews };
}

describe('buildEmbedCard', () => {
  it('carries the aggregate as /reviews.json publishes it, and the distribution from five stars down', () => {
    const dataset = datasetOf(12);
    const card = buildEmbedCard(dataset);
    expect(card.ratingValue).toBe(dataset.aggregate_rating.rating_value);
    expect(card.ratingText).toBe(String(dataset.aggregate_rating.rating_value));
    expect(card.ratingLabel).toBe(`Rated ${dataset.aggregate_rating.rating_value} out of 5 from 12 reviews`);
    expect(card.distribution.map((r) => [r.stars, r.count])).toEqual([
      [5, 3],
      [4, 3],
      [3, 2],
      [2, 2],
      [1, 2],
    ]);
    expect(card.distribution.map((r) => r.percent)).toEqual([25, 25, 16.7, 16.7, 16.7]);
  });

  it('shows the newest reviews in the dataset order, whatever their rating, with their words untouched', () => {
    const dataset = datasetOf(12);
    const card = buildEmbedCard(dataset);
    expect(card.reviews.map((r) => r.id)).toEqual(dataset.reviews.slice(0, EMBED_REVIEW_COUNT).map((r) => r.id));
    expect(card.reviews.map((r) => r.rating)).toContain(1);
    // Escaping is the template's job (Astro escapes every expression); the model keeps the words as written.
    expect(card.reviews[0]).toMatchObject({
      author: '<b>Eve</b>',
      text: HOSTILE,
      ratingLabel: 'Rated 5 out of 5',
      dateText: 'Jan 28, 2025',
    });
    expect(card.reviews[1]!.text).toBeNull();
    expect(card.reviews.map((r) => r.source).slice(0, 2)).toEqual(['nextdoor-ish', 'Yelp']);
    // Each review links to its permalink: its anchor on its month's page.
    expect(card.reviews[0]!.href).toBe(`/reviews/2025-01/#review-${dataset.reviews[0]!.id}`);
    expect(card.allReviewsHref).toBe('/reviews/');
  });

  it('has nothing to list and no mean for a business without reviews', () => {
    const card = buildEmbedCard(datasetOf(0));
    expect(card).toMatchObject({ ratingValue: 0, ratingText: '–', ratingLabel: 'No reviews yet', countText: '0 reviews', reviews: [] });
    expect(card.distribution.every((r) => r.count === 0 && r.percent === 0)).toBe(true);
  });
});

describe('snippets', () => {
  it('give the badge its own size, a link to the reviews and an alt that no new review makes wrong', () => {
    const dataset = datasetOf(3);
    const badge = buildBadge(dataset.aggregate_rating);
    expect(badgeSnippet('https://r.example', badge, dataset.business.name)).toBe(
      '<a href="https://r.example/reviews/"><img src="https://r.example/badge.svg" width="248" height="28"' +
        ' alt="Star rating of Acme &amp; Sons Electric from its verified customer reviews"></a>',
    );
  });

  it('give each frame the size its card is laid out for, lazy loading and a title', () => {
    expect(frameSnippet('https://r.example', 'card', 'Acme & Sons')).toBe(
      `<iframe src="https://r.example/embed/" width="${EMBED_FRAME.card.width}" height="${EMBED_FRAME.card.height}"` +
        ' title="Customer reviews of Acme &amp; Sons" loading="lazy" style="border:0;max-width:100%"></iframe>',
    );
    expect(frameSnippet('https://r.example', 'compact', 'Acme')).toMatch(
      new RegExp(
        `^<iframe src="https://r.example/embed/compact/" width="${EMBED_FRAME.compact.width}" height="${EMBED_FRAME.compact.height}" title="Customer rating of Acme" loading="lazy"`,
      ),
    );
  });
});
