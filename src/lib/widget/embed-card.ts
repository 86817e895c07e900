import type { Review } from '../../schemas/review.ts';
import type { ReviewsDataset } from '../../schemas/reviews-dataset.ts';
import { formatRating, plural, ratingLabel, sourceName } from '../site/format.ts';
import { PAGES, reviewPermalink } from '../site/permalinks.ts';
import { ratingSentence } from './rating-words.ts';

/** How many of the newest reviews the card carries: enough to browse, within its 20 KB compressed. */
export const EMBED_REVIEW_COUNT = 10;

/**
 * The `<iframe>` size the snippets give each card. The card lays itself out to fill its frame (the
 * row of reviews takes what is left), and the browser tests check that nothing overflows at this
 * size and at the narrowest width a phone gives it.
 */
export const EMBED_FRAME = {
  card: { path: '/embed/', width: 400, height: 410 },
  compact: { path: '/embed/compact/', width: 400, height: 44 },
} as const;

export interface DistributionRow {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** Share of all reviews, 0 to 100, for the bar's length. */
  percent: number;
}

export interface CardReview {
  id: string;
  author: string;
  rating: number;
  ratingLabel: string;
  /** `YYYY-MM-DD`, for `<time datetime>`. */
  date: string;
  dateText: string;
  /** The reviewer's words exactly as published (the template escapes them), or null for a rating only. */
  text: string | null;
  source: string;
  /** The review's permalink on the site: its anchor on its month's page. */
  href: string;
}

export interface EmbedCard {
  businessName: string;
  ratingValue: number;
  ratingText: string;
  /** "Rated 4.46 out of 5 from 340 reviews". */
  ratingLabel: string;
  countText: string;
  reviewCount: number;
  distribution: DistributionRow[];
  reviews: CardReview[];
  allReviewsHref: string;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/** `2025-03-10` → `Mar 10, 2025`: fixed locale and UTC, so every build writes the same bytes. */
function formatDay(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

function cardReview(review: Review): CardReview {
  return {
    id: review.id,
    author: review.author,
    rating: review.rating,
    ratingLabel: ratingLabel(review.rating),
    date: review.date,
    dateText: formatDay(review.date),
    text: review.text,
    source: sourceName(review.source),
    href: reviewPermalink(review),
  };
}

/**
 * What `/embed/` and `/embed/compact/` show, from the dataset `/reviews.json` is: the aggregate as it
 * is published, and the newest reviews in the dataset's order, whatever their rating.
 */
export function buildEmbedCard(dataset: ReviewsDataset): EmbedCard {
  const aggregate = dataset.aggregate_rating;
  const total = aggregate.review_count;
  const stars = [5, 4, 3, 2, 1] as const;
  return {
    businessName: dataset.business.name,
    ratingValue: total === 0 ? 0 : aggregate.rating_value,
    ratingText: total === 0 ? '–' : formatRating(aggregate.rating_value),
    ratingLabel: ratingSentence(aggregate),
    countText: plural(total, 'review'),
    reviewCount: total,
    distribution: stars.map((n) => {
      const count = aggregate.distribution[String(n) as `${typeof n}`];
      return { stars: n, count, percent: total === 0 ? 0 : Math.round((count / total) * 1000) / 10 };
    }),
    reviews: dataset.reviews.slice(0, EMBED_REVIEW_COUNT).map(cardReview),
    allReviewsHref: PAGES.reviews,
  };
}
