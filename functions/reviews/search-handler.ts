import { parseSearchQuery, searchAnswer } from '../../src/lib/search/index.ts';
import type { Artifacts } from '../builds/artifacts.ts';
import { answerJson, SEARCH_KEYS } from '../http/answer-json.ts';
import { compressFast, dynamicCoding, type CompressedCoding } from '../http/compress.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { invalidRequest } from '../http/http-error.ts';
import { NOSNIFF, type HttpReply, type HttpRequest } from '../http/reply.ts';
import type { RouteContext } from '../http/router.ts';

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
 * GET /api/reviews/search. The body is copied from the reviews' prebuilt
 * JSON bytes into a buffer of the build's pool, never serialised per
 * request; compressed at the fast level when the client asks and it is over
 * 1 KB (search URLs rarely repeat, so nothing is cached).
 */
export function handleSearch(request: HttpRequest, { query }: RouteContext, build: Artifacts): HttpReply {
  const parsed = parseSearchQuery(query);
  if (!parsed.ok) return invalidRequest(parsed.issues);
  const answer = searchAnswer(build.read.index, parsed.value);
  if (!answer.ok) return invalidRequest(answer.issues);
  const { buffers } = build.read;
  let pooled: Buffer | undefined;
  const pieces = answerJson(SEARCH_KEYS, answer.value, build.read, (size) => (pooled = buffers.take(size)).subarray(0, size));
  const release = () => {
    if (pooled) buffers.give(pooled);
  };
  // One pooled buffer without `fields`; with them, the picked reviews' JSON between its head and tail.
  const body = pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  const coding = dynamicCoding(request, body.length);
  if (coding) {
    const compressed = compressFast(body, coding);
    release();
    return { status: 200, headers: COMPRESSED_HEADERS[coding], body: compressed };
  }
  return { status: 200, headers: SEARCH_HEADERS, body, onSent: release };
}
