import { z } from 'zod';
import { parseSinceQuery, sinceAnswer, toIssues } from '../../src/lib/search/index.ts';
import { SincePathSchema } from '../../src/schemas/search.ts';
import type { Artifacts } from '../builds/artifacts.ts';
import { answerJson, bodyBytes, joinBody, sinceEtag, SINCE_KEYS } from '../http/answer-json.ts';
import { dynamicCoding, ETAG_SUFFIX, FAST_ETAG_SUFFIX, taggedFor, type CompressedCopy } from '../http/compress.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { notModifiedTag, type Validators } from '../http/conditional.ts';
import { invalidRequest } from '../http/http-error.ts';
import { NOSNIFF, type HttpReply, type HttpRequest } from '../http/reply.ts';
import type { RouteContext } from '../http/router.ts';

/** The pattern behind SincePathSchema's date: a valid date skips the schema, an invalid one gets its issues. */
const ISO_DATE = z.regexes.date;
const NOT_MODIFIED_HEADERS = {
  ...CORS_HEADERS,
  ...NOSNIFF,
  'cache-control': 'public, max-age=60, must-revalidate',
  vary: 'Accept-Encoding',
};
const OK_HEADERS = { 'content-type': 'application/json; charset=utf-8', ...NOT_MODIFIED_HEADERS };
const SUFFIXES = [...Object.values(ETAG_SUFFIX), ...Object.values(FAST_ETAG_SUFFIX)];

/**
 * GET /api/reviews/since/{date}[?limit&cursor&fields]. A page is a run of
 * the newest-first list, so without `fields` its bytes are a slice of one
 * prebuilt buffer and its ETag a precomputed hash (plus the parameters): a
 * 304 costs a lookup, a 200 no serialisation. A client that accepts br or
 * gzip gets it compressed from its first request: the build's cached copy
 * once made, else a copy at the fast level made now (and kept until the
 * build's level replaces it). Without a query string the answer is every
 * review on or after the date.
 */
export function handleSince(request: HttpRequest, { params, query }: RouteContext, build: Artifacts): HttpReply | Promise<HttpReply> {
  const rawDate = params.date ?? '';
  const date = rawDate.includes('%') ? decodeSegment(rawDate) : rawDate;
  const parsedDate = ISO_DATE.test(date) ? undefined : SincePathSchema.safeParse({ date });
  const parsed = parseSinceQuery(query);
  // One 400 reports every problem, the date's and the parameters'.
  if (parsedDate?.success === false || !parsed.ok) {
    return invalidRequest([...(parsedDate?.error ? toIssues(parsedDate.error) : []), ...(parsed.ok ? [] : parsed.issues)]);
  }
  const { read } = build;
  const answer = sinceAnswer(read.index, date, parsed.value);
  if (!answer.ok) return invalidRequest(answer.issues);
  const page = answer.value;
  const validators: Validators = {
    etag: sinceEtag(read, date, page.count, query, parsed.value),
    // Any change of the dataset moves this forward, so If-Modified-Since alone never gets a stale 304.
    lastModifiedSeconds: read.validators.lastModifiedSeconds,
  };
  const notModified = (etag: string): HttpReply => ({
    status: 304,
    headers: { ...NOT_MODIFIED_HEADERS, etag, 'last-modified': read.lastModified },
    body: null,
  });
  // A copy the client names in If-None-Match is current: 304 before any byte is written or compressed.
  const named = notModifiedTag(request, validators, SUFFIXES, '');
  if (named) return notModified(named);
  const pieces = answerJson(SINCE_KEYS, page, read);
  const coding = dynamicCoding(request, bodyBytes(pieces));
  const respond = (copy: CompressedCopy | undefined): HttpReply => {
    const etag = copy && coding ? taggedFor(validators.etag, coding, copy.best) : validators.etag;
    // `*`, or If-Modified-Since: the 304 names the tag a 200 would carry.
    if (named === '') return notModified(etag);
    if (copy && coding) {
      return {
        status: 200,
        headers: { ...OK_HEADERS, 'content-encoding': coding, etag, 'last-modified': read.lastModified },
        body: copy.bytes,
      };
    }
    return { status: 200, headers: { ...OK_HEADERS, etag, 'last-modified': read.lastModified }, body: pieces };
  };
  if (!coding) return respond(undefined);
  const copy = read.compressed.get(`${validators.etag}${coding}`, coding, () => joinBody(pieces));
  return copy instanceof Promise ? copy.then(respond) : respond(copy);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
