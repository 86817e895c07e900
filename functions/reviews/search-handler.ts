import { searchReviews } from '../../src/lib/search.ts';
import { parseSearchParams } from '../../src/lib/search-params.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { invalidRequest, jsonReply, type HttpReply } from '../http/reply.ts';
import type { ReviewsSource } from '../artifacts.ts';

/** GET /api/reviews/search */
export function handleSearch(url: URL, artifacts: ReviewsSource): HttpReply {
  const parsed = parseSearchParams(url.searchParams);
  if (!parsed.ok) return withCors(invalidRequest(parsed.issues));
  const { reviews } = artifacts;
  const hits = searchReviews(reviews, parsed.value);
  const items = hits.positions.map((p) => reviews.json[p]).join(',');
  const body = `{"matched":${hits.matched},"returned":${hits.positions.length},"reviews":[${items}]}`;
  return jsonReply(200, body, { ...CORS_HEADERS, 'cache-control': 'public, max-age=60' });
}

export function withCors(reply: HttpReply): HttpReply {
  return { ...reply, headers: { ...reply.headers, ...CORS_HEADERS } };
}
