import { z } from 'zod';
import { countOnOrAfter, toIssues } from '../../src/lib/search/index.ts';
import { SincePathSchema } from '../../src/schemas/search.ts';
import type { ReviewsSource } from '../artifacts.ts';
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
 * GET /api/reviews/since/{date}. The answer is a prefix of the newest-first
 * list, so its bytes are a slice of one prebuilt buffer and its ETag a
 * precomputed hash: a 304 costs a lookup, a 200 no serialisation. A client
 * that accepts br or gzip gets the cached compressed copy once one is made.
 */
export function handleSince(request: HttpRequest, rawDate: string, artifacts: ReviewsSource): HttpReply {
  const date = rawDate.includes('%') ? decodeSegment(rawDate) : rawDate;
  if (!ISO_DATE.test(date)) {
    const parsed = SincePathSchema.safeParse({ date });
    if (!parsed.success) return invalidRequest(toIssues(parsed.error));
  }
  const { reviews, reviewsValidators } = artifacts;
  const count = countOnOrAfter(reviews, date);
  const validators: Validators = {
    // The date is part of the body, so of the tag; the hash covers the reviews in it.
    etag: `"${reviews.prefixHash[count] as string}.${date}"`,
    // Any change of the dataset moves this forward, so If-Modified-Since alone never gets a stale 304.
    lastModifiedSeconds: reviewsValidators.lastModifiedSeconds,
  };
  const listBytes = reviews.prefixBytes[count] as number;
  // The head and tail add under 64 bytes: near enough for the 1 KB threshold.
  const coding = dynamicCoding(request, listBytes + 64);
  const copy =
    coding &&
    sinceCopies.get(`${validators.etag}${coding}`, coding, () =>
      Buffer.concat([Buffer.from(sinceHead(date, count)), reviews.joined.subarray(0, listBytes), TAIL]),
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
  return {
    status: 200,
    headers: { ...OK_HEADERS, etag, 'last-modified': lastModified },
    body: [sinceHead(date, count), reviews.joined.subarray(0, listBytes), ']}'],
  };
}

function sinceHead(date: string, count: number): string {
  return `{"since":"${date}","count":${count},"reviews":[`;
}

const TAIL = Buffer.from(']}');

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
