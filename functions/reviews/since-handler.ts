import { countOnOrAfter } from '../../src/lib/review-index.ts';
import { toIssues } from '../../src/lib/request-issues.ts';
import { SincePathSchema } from '../../src/schemas/search.ts';
import type { ReviewsSource } from '../artifacts.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { isNotModified, validatorHeaders, type Validators } from '../http/conditional.ts';
import { invalidRequest, type HttpReply, type HttpRequest } from '../http/reply.ts';
import { withCors } from './search-handler.ts';

/**
 * GET /api/reviews/since/{date}. The answer is a prefix of the newest-first
 * list, so its bytes are a slice of one prebuilt buffer and its ETag a
 * precomputed hash: a 304 costs a lookup, a 200 no serialisation.
 */
export function handleSince(request: HttpRequest, rawDate: string, artifacts: ReviewsSource): HttpReply {
  const parsed = SincePathSchema.safeParse({ date: decodeSegment(rawDate) });
  if (!parsed.success) return withCors(invalidRequest(toIssues(parsed.error)));
  const { date } = parsed.data;
  const { reviews, reviewsValidators } = artifacts;
  const count = countOnOrAfter(reviews, date);
  const validators: Validators = {
    etag: `"${(reviews.prefixHash[count] as string).slice(0, 32)}.${date}"`,
    // Any change of the dataset moves this forward, so If-Modified-Since alone never gets a stale 304.
    lastModifiedSeconds: reviewsValidators.lastModifiedSeconds,
  };
  const headers = { ...CORS_HEADERS, 'cache-control': 'public, max-age=60, must-revalidate', ...validatorHeaders(validators) };
  if (isNotModified(request, validators)) return { status: 304, headers, body: null };
  const head = `{"since":"${date}","count":${count},"reviews":[`;
  const items = reviews.joined.subarray(0, reviews.prefixBytes[count]);
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: [head, items, ']}'],
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
