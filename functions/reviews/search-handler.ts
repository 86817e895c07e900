import { parseSearchQuery, searchAnswer } from '../../src/lib/search/index.ts';
import type { ReviewsSource } from '../artifacts.ts';
import { responseBuffers } from '../http/buffer-pool.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { invalidRequest } from '../http/http-error.ts';
import { NOSNIFF, type HttpReply } from '../http/reply.ts';

const SEARCH_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=60',
  ...CORS_HEADERS,
  ...NOSNIFF,
};

/**
 * GET /api/reviews/search. `query`: the query string, without `?` (a URL is
 * accepted too, for the Astro dev route). The body is copied from the
 * reviews' prebuilt JSON bytes, never serialised per request.
 */
export function handleSearch(query: string | URL, artifacts: ReviewsSource): HttpReply {
  const parsed = parseSearchQuery(typeof query === 'string' ? query : query.search.slice(1));
  if (!parsed.ok) return invalidRequest(parsed.issues);
  let pooled: Buffer | undefined;
  const body = searchAnswer(artifacts.reviews, parsed.value, (size) => (pooled = responseBuffers.take(size)).subarray(0, size)).json;
  return { status: 200, headers: SEARCH_HEADERS, body, onSent: () => responseBuffers.give(pooled as Buffer) };
}
