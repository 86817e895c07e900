import { parseSearchQuery, searchAnswer } from '../../src/lib/search/index.ts';
import type { ReviewsSource } from '../builds/artifacts.ts';
import { responseBuffers } from '../http/buffer-pool.ts';
import { compressFast, dynamicCoding, type CompressedCoding } from '../http/compress.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { invalidRequest } from '../http/http-error.ts';
import { NOSNIFF, type HttpReply, type HttpRequest } from '../http/reply.ts';

const SEARCH_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=60',
  vary: 'Accept-Encoding',
  ...CORS_HEADERS,
  ...NOSNIFF,
};
const COMPRESSED_HEADERS: Readonly<Record<CompressedCoding, Record<string, string>>> = {
  br: { ...SEARCH_HEADERS, 'content-encoding': 'br' },
  gzip: { ...SEARCH_HEADERS, 'content-encoding': 'gzip' },
};

/**
 * GET /api/reviews/search. `query`: the query string, without `?` (a URL is
 * accepted too, for the Astro dev route). The body is copied from the
 * reviews' prebuilt JSON bytes, never serialised per request; compressed at a
 * fast level when the client asks and it is over 1 KB (search URLs rarely
 * repeat, so nothing is cached).
 */
export function handleSearch(query: string | URL, artifacts: ReviewsSource, request?: HttpRequest): HttpReply {
  const parsed = parseSearchQuery(typeof query === 'string' ? query : query.search.slice(1));
  if (!parsed.ok) return invalidRequest(parsed.issues);
  let pooled: Buffer | undefined;
  const answer = searchAnswer(artifacts.reviews, parsed.value, (size) => (pooled = responseBuffers.take(size)).subarray(0, size));
  const release = () => {
    if (pooled) responseBuffers.give(pooled);
  };
  if (!answer.ok) {
    release();
    return invalidRequest(answer.issues);
  }
  // One pooled buffer without `fields`; with them, the picked reviews' JSON between its head and tail.
  const pieces = answer.value.body;
  const body = pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  const coding = request && dynamicCoding(request, body.length);
  if (coding) {
    const compressed = compressFast(body, coding);
    release();
    return { status: 200, headers: COMPRESSED_HEADERS[coding], body: compressed };
  }
  return { status: 200, headers: SEARCH_HEADERS, body, onSent: release };
}
