import { z } from 'zod';
import { countOnOrAfter, toIssues } from '../../src/lib/search/index.ts';
import { SincePathSchema } from '../../src/schemas/search.ts';
import type { ReviewsSource } from '../artifacts.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { isNotModified, type Validators } from '../http/conditional.ts';
import { invalidRequest } from '../http/http-error.ts';
import { NOSNIFF, type HttpReply, type HttpRequest } from '../http/reply.ts';

/** The pattern behind SincePathSchema's date: a valid date skips the schema, an invalid one gets its issues. */
const ISO_DATE = z.regexes.date;
const NOT_MODIFIED_HEADERS = { ...CORS_HEADERS, ...NOSNIFF, 'cache-control': 'public, max-age=60, must-revalidate' };
const OK_HEADERS = { 'content-type': 'application/json; charset=utf-8', ...NOT_MODIFIED_HEADERS };
/** Last-Modified as an HTTP date, once per snapshot. */
const httpDates = new WeakMap<Validators, string>();

/**
 * GET /api/reviews/since/{date}. The answer is a prefix of the newest-first
 * list, so its bytes are a slice of one prebuilt buffer and its ETag a
 * precomputed hash: a 304 costs a lookup, a 200 no serialisation.
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
  const lastModified = httpDate(reviewsValidators);
  if (isNotModified(request, validators)) {
    return { status: 304, headers: { ...NOT_MODIFIED_HEADERS, etag: validators.etag, 'last-modified': lastModified }, body: null };
  }
  return {
    status: 200,
    headers: { ...OK_HEADERS, etag: validators.etag, 'last-modified': lastModified },
    body: [`{"since":"${date}","count":${count},"reviews":[`, reviews.joined.subarray(0, reviews.prefixBytes[count]), ']}'],
  };
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
