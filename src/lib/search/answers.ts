import type { SearchQuery } from '../../schemas/search.ts';
import { countOnOrAfter, reviewsJson, type ReviewIndex } from './review-index.ts';
import { searchReviews } from './search.ts';

/**
 * The search answer `{matched, returned, reviews}` as JSON bytes, copied from
 * the reviews' prebuilt JSON: the HTTP search and the MCP tool search_reviews
 * both send exactly this. `allocate` as in `reviewsJson`.
 */
export function searchAnswerJson(index: ReviewIndex, query: SearchQuery, allocate?: (size: number) => Buffer): Buffer {
  const hits = searchReviews(index, query);
  const head = `{"matched":${hits.matched},"returned":${hits.positions.length},"reviews":[`;
  return reviewsJson(index, hits.positions, head, ']}', allocate);
}

/**
 * The since answer with a page size: `{since, count, returned, reviews}`,
 * `count` before the limit (the MCP tool get_reviews_since; the HTTP since
 * endpoint sends every review and slices its buffer directly).
 */
export function sinceAnswerJson(index: ReviewIndex, date: string, limit: number): Buffer {
  const count = countOnOrAfter(index, date);
  const returned = Math.min(count, limit);
  const positions = Array.from({ length: returned }, (_, p) => p);
  return reviewsJson(index, positions, `{"since":"${date}","count":${count},"returned":${returned},"reviews":[`, ']}');
}
