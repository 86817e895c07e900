import type { HttpRequest } from './reply.ts';

/** Validators of one representation. */
export interface Validators {
  /** Strong entity tag, quoted: `"…"`. */
  etag: string;
  /** Whole seconds since the epoch (HTTP dates have no finer resolution). */
  lastModifiedSeconds: number;
}

export function validatorHeaders(v: Validators): Record<string, string> {
  return { etag: v.etag, 'last-modified': new Date(v.lastModifiedSeconds * 1000).toUTCString() };
}

/**
 * RFC 9110 §13.2.2: If-None-Match, when present, decides alone; only without
 * it is If-Modified-Since considered. GET and HEAD only.
 */
export function isNotModified(request: HttpRequest, v: Validators): boolean {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch !== null) return etagListMatches(ifNoneMatch, v.etag);
  const ifModifiedSince = request.headers.get('if-modified-since');
  if (ifModifiedSince === null) return false;
  const since = Date.parse(ifModifiedSince);
  // An unparsable date is ignored (RFC 9110 §13.1.3), never a 304. So is a date
  // in the future: it vouches for no copy, and a change made before it but after
  // now would otherwise be answered 304.
  return !Number.isNaN(since) && since <= Date.now() && v.lastModifiedSeconds <= Math.floor(since / 1000);
}

/** Weak comparison, as If-None-Match requires: W/"x" matches "x"; `*` matches any. */
export function etagListMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  if (header === etag) return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/**
 * `isNotModified` for an answer with one tag per coding (`"t"`, `"t.br"`,
 * `"t.gz"`): any of them in If-None-Match is a 304, which names the tag it
 * matched (RFC 9111 §4.3.4: a cache picks its copy by it); `*`, or a match
 * by If-Modified-Since, names `current`, the tag a 200 would carry. Returns
 * undefined when the client's copy is stale.
 */
export function notModifiedTag(request: HttpRequest, v: Validators, suffixes: readonly string[], current: string): string | undefined {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch === null) return isNotModified(request, v) ? current : undefined;
  if (ifNoneMatch === v.etag) return v.etag;
  if (ifNoneMatch.trim() === '*') return current;
  const stem = v.etag.slice(0, -1);
  for (const candidate of ifNoneMatch.split(',')) {
    let tag = candidate.trim();
    if (tag.startsWith('W/')) tag = tag.slice(2);
    if (tag === v.etag) return tag;
    if (tag.startsWith(stem) && suffixes.some((suffix) => tag === `${stem}${suffix}"`)) return tag;
  }
  return undefined;
}
