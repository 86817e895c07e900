import type { SearchQuery } from '../../schemas/search.ts';
import { countOnOrAfter, reviewsJson, type ReviewIndex } from './review-index.ts';
import { searchReviews, type SearchHits } from './search.ts';

/** An answer listing reviews: its JSON bytes, and the positions of the reviews it holds (for callers that also need objects). */
export interface ReviewsAnswer {
  json: Buffer;
  positions: number[];
  /** What the JSON holds before and after the reviews (ASCII). */
  head: string;
  tail: string;
}

/**
 * The search answer `{matched, returned, reviews}` as JSON bytes, copied from
 * the reviews' prebuilt JSON: the HTTP search and the MCP tool search_reviews
 * both send exactly this. `allocate` as in `reviewsJson`.
 */
export function searchAnswer(
  index: ReviewIndex,
  query: SearchQuery,
  allocate?: (size: number) => Buffer,
): ReviewsAnswer & { hits: SearchHits } {
  const hits = searchReviews(index, query);
  const head = `{"matched":${hits.matched},"returned":${hits.positions.length},"reviews":[`;
  return { hits, positions: hits.positions, head, tail: ']}', json: reviewsJson(index, hits.positions, head, ']}', allocate) };
}

/**
 * The since answer with a page size: `{since, count, returned, reviews}`,
 * `count` before the limit (the MCP tool get_reviews_since; the HTTP since
 * endpoint sends every review and slices its buffer directly).
 */
export function sinceAnswer(
  index: ReviewIndex,
  date: string,
  limit: number,
  allocate?: (size: number) => Buffer,
): ReviewsAnswer & { count: number } {
  const count = countOnOrAfter(index, date);
  const positions = Array.from({ length: Math.min(count, limit) }, (_, p) => p);
  const head = `{"since":"${date}","count":${count},"returned":${positions.length},"reviews":[`;
  return { count, positions, head, tail: ']}', json: reviewsJson(index, positions, head, ']}', allocate) };
}
