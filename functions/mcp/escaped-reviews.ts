import type { ReviewIndex } from '../../src/lib/search/index.ts';
import { reviewsJson } from '../../src/lib/search/index.ts';

/**
 * The reviews' JSON as it appears inside a JSON string: every `"` and `\`
 * preceded by a backslash (JSON text written by JSON.stringify holds no raw
 * control characters, and other characters may stay as they are). A tool
 * answer carries its JSON twice, as `structuredContent` and as the text
 * block's string; escaping that string per answer cost as much as the rest of
 * the call (a 15 KB answer: 40 µs, plus encoding the result to UTF-8), so it
 * is done once per snapshot, on the first answer that needs it, and answers
 * copy slices of it as the HTTP search copies slices of the plain JSON.
 * Memory: about the size of `/reviews.json` again, only in a process that
 * serves MCP.
 */
const cache = new WeakMap<ReviewIndex, ReviewIndex>();

/** The escaped JSON of `prefix`, the reviews at `positions` separated by commas, then `suffix` (all ASCII). */
export function escapedReviewsJson(
  index: ReviewIndex,
  positions: readonly number[],
  prefix: string,
  suffix: string,
  allocate?: (size: number) => Buffer,
): Buffer {
  let escaped = cache.get(index);
  if (!escaped) cache.set(index, (escaped = escapeIndex(index)));
  return reviewsJson(escaped, positions, escapeAscii(prefix), escapeAscii(suffix), allocate);
}

/** The same layout as the index (reviews joined by commas, `prefixBytes` ends), over escaped bytes. */
function escapeIndex(index: ReviewIndex): ReviewIndex {
  const { joined, prefixBytes } = index;
  let extra = 0;
  for (let i = 0; i < joined.length; i += 1) if (needsEscape(joined[i] as number)) extra += 1;
  const bytes = Buffer.allocUnsafeSlow(joined.length + extra);
  const ends = new Uint32Array(prefixBytes.length);
  let out = 0;
  let review = 1;
  for (let i = 0; i < joined.length; i += 1) {
    // Review boundaries move by the escapes before them; commas between reviews need none.
    while (review < prefixBytes.length && (prefixBytes[review] as number) === i) ends[review++] = out;
    const c = joined[i] as number;
    if (needsEscape(c)) bytes[out++] = 0x5c;
    bytes[out++] = c;
  }
  while (review < prefixBytes.length) ends[review++] = out;
  return { ...index, joined: bytes, prefixBytes: ends };
}

function needsEscape(c: number): boolean {
  return c === 0x22 || c === 0x5c; // " \
}

function escapeAscii(text: string): string {
  return text.replace(/["\\]/g, '\\$&');
}
