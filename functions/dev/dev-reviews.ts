import { createHash } from 'node:crypto';
import { loadSite } from '../../src/content/site-content.ts';
import { createReviewIndex } from '../../src/lib/search/index.ts';
import type { ReviewsSource } from '../builds/artifacts.ts';

/**
 * `astro dev` has no build output to load, so the dev routes index the
 * collections directly; `npm start` serves the same handlers from dist/.
 */
let source: Promise<ReviewsSource> | undefined;

export function devReviews(): Promise<ReviewsSource> {
  source ??= loadSite().then(({ dataset }) => ({
    reviews: createReviewIndex(dataset),
    reviewsValidators: {
      etag: `"${createHash('sha256').update(JSON.stringify(dataset)).digest('base64url').slice(0, 32)}"`,
      lastModifiedSeconds: Math.floor(Date.now() / 1000),
    },
  }));
  return source;
}
