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
