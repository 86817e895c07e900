import { z } from 'zod';
import { countOnOrAfter, parseSinceQuery, sinceAnswer, toIssues } from '../../src/lib/search/index.ts';
import { SincePathSchema, type SinceQuery } from '../../src/schemas/search.ts';
import type { ReviewsSource } from '../builds/artifacts.ts';
import { CompressedCache, dynamicCoding, ETAG_SUFFIX, type CompressedCoding } from '../http/compress.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { notModifiedTag, type Validators } from '../http/conditional.ts';
import { invalidRequest } from '../http/http-error.ts';
import { NOSNIFF, type HttpReply, type HttpRequest } from '../http/reply.ts';

/** The pattern behind SincePathSchema's date: a valid date skips the schema, an invalid one gets its issues. */
const ISO_DATE = z.regexes.date;
const NOT_MODIFIED_HEADERS = {
  ...CORS_HEADERS,
  ...NOSNIFF,
  'cache-control': 'public, max-age=60, must-revalidate',
  vary: 'Accept-Encoding',
};
const OK_HEADERS = { 'content-type': 'application/json; charset=utf-8', ...NOT_MODIFIED_HEADERS };
const SUFFIXES = Object.values(ETAG_SUFFIX);
/** Last-Modified as an HTTP date, once per snapshot. */
const httpDates = new WeakMap<Validators, string>();

/**
 * Compressed since answers at the build's levels: clients ask for a few
 * dates again and again (the last sync of each), so a copy pays for itself.
 * 8 MiB holds a few hundred typical answers (a week's reviews, a few KB
 * compressed) or a handful of whole-history ones at 10,000 reviews.
 */
export const sinceCopies = new CompressedCache({ maxBytes: 8 * 1024 * 1024, maxQueued: 32 });

/**
 * GET /api/reviews/since/{date}[?limit&cursor&fields]. A page is a run of
 * the newest-first list, so without `fields` its bytes are a slice of one
 * prebuilt buffer and its ETag a precomputed hash (plus the parameters): a
 * 304 costs a lookup, a 200 no serialisation. A client that accepts br or
 * gzip gets the cached compressed copy once one is made. `query`: the raw
 * query string; without one the answer is every review on or after the date.
 */
export function handleSince(request: HttpRequest, rawDate: string, query: string, artifacts: ReviewsSource): HttpReply {
  const date = rawDate.includes('%') ? decodeSegment(rawDate) : rawDate;
  const parsedDate = ISO_DATE.test(date) ? undefined : SincePathSchema.safeParse({ date });
  const params = parseSinceQuery(query);
  // One 400 reports every problem, the date's and the parameters'.
  if (parsedDate?.success === false || !params.ok) {
    return invalidRequest([...(parsedDate?.error ? toIssues(parsedDate.error) : []), ...(params.ok ? [] : params.issues)]);
  }
  const { reviews, reviewsValidators } = artifacts;
  const count = countOnOrAfter(reviews, date);
  const validators: Validators = {
    // The date and the parameters are part of the body, so of the tag; the hash covers every review they can select.
    etag: `"${reviews.prefixHash[count] as string}.${date}${query === '' ? '' : `.${paramsTag(params.value)}`}"`,
    // Any change of the dataset moves this forward, so If-Modified-Since alone never gets a stale 304.
    lastModifiedSeconds: reviewsValidators.lastModifiedSeconds,
  };
  let pieces: (string | Buffer)[];
  if (query === '') {
    pieces = [sinceHead(date, count), reviews.joined.subarray(0, reviews.prefixBytes[count] as number), LAST_PAGE];
  } else {
    const answer = sinceAnswer(reviews, date, params.value);
    if (!answer.ok) return invalidRequest(answer.issues);
    pieces = answer.value.body;
  }
  let size = 0;
  for (const piece of pieces) size += piece.length;
  // Near enough to the byte count for the 1 KB threshold (heads and tails are ASCII; only picked fields may not be).
  const coding = dynamicCoding(request, size);
  const copy =
    coding &&
    sinceCopies.get(`${validators.etag}${coding}`, coding, () =>
      Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece))),
    );
  const etag = copy ? taggedFor(validators.etag, coding as CompressedCoding) : validators.etag;
  const lastModified = httpDate(reviewsValidators);
  const matched = notModifiedTag(request, validators, SUFFIXES, etag);
  if (matched !== undefined) {
    return { status: 304, headers: { ...NOT_MODIFIED_HEADERS, etag: matched, 'last-modified': lastModified }, body: null };
  }
  if (copy) {
    return {
      status: 200,
      headers: { ...OK_HEADERS, 'content-encoding': coding as CompressedCoding, etag, 'last-modified': lastModified },
      body: copy,
    };
  }
  return { status: 200, headers: { ...OK_HEADERS, etag, 'last-modified': lastModified }, body: pieces };
}

/** The parameters as part of an ETag (visible ASCII, no quote): the cursor is base64url, fields names and commas. */
function paramsTag(q: SinceQuery): string {
  return `${q.limit ?? ''}.${q.fields ?? ''}.${q.cursor ?? ''}`;
}

function sinceHead(date: string, count: number): string {
  return `{"since":"${date}","count":${count},"reviews":[`;
}

const LAST_PAGE = '],"next_cursor":null}';

function taggedFor(etag: string, coding: CompressedCoding): string {
  return `${etag.slice(0, -1)}${ETAG_SUFFIX[coding]}"`;
}

function httpDate(v: Validators): string {
  let text = httpDates.get(v);
  if (text === undefined) {
    text = new Date(v.lastModifiedSeconds * 1000).toUTCString();
    httpDates.set(v, text);
  }
  return text;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
