import type { Issue } from '../../schemas/errors.ts';
import type { Review } from '../../schemas/review.ts';
import { REVIEW_FIELD_NAMES, type SearchQuery, type SinceQuery } from '../../schemas/search.ts';
import { decodeCursor, encodeCursor, type Filters } from './cursor.ts';
import { countOnOrAfter, keyAt, positionAfter, reviewAt, reviewsJson, type ReviewIndex } from './review-index.ts';
import type { Parsed } from './search-params.ts';
import { searchReviews } from './search.ts';

/**
 * One page of reviews as the read endpoints send it: the answer's JSON (in
 * pieces to write in order), the positions of the reviews it holds and the
 * fields it keeps of them (for callers that also need objects), and the
 * cursor of the next page. The HTTP endpoints and the MCP tools send exactly
 * this JSON.
 */
export interface ReviewsPage {
  body: (string | Buffer)[];
  positions: number[];
  /** The fields each review keeps; undefined: every field. */
  fields: readonly (keyof Review)[] | undefined;
  next: string | null;
}

/** The search answer `{matched, returned, reviews, next_cursor}`; `allocate` as in `reviewsJson`. */
export function searchAnswer(
  index: ReviewIndex,
  query: SearchQuery,
  allocate?: (size: number) => Buffer,
): Parsed<ReviewsPage & { matched: number }> {
  // Only a page with a cursor, or with a next one, needs the filters' key: most searches fit one page.
  const filters = (): Filters => ({
    endpoint: 'search',
    values: [query.rating, query.min_rating, query.since, query.until, query.query, query.mentions_technician, query.mentions_service],
  });
  let start = 0;
  if (query.cursor !== undefined) {
    const key = decodeCursor(query.cursor, filters());
    if (!key) return { ok: false, issues: [badCursor('the search')] };
    start = positionAfter(index, key);
  }
  const hits = searchReviews(index, query, start);
  // `matched` is the total for the filters, whatever the page: past the first page it is counted once more, from the top
  // (with a limit of 1, in the domain the property test checks every search method over).
  const matched = start === 0 ? hits.matched : searchReviews(index, { ...query, limit: 1 }).matched;
  const { positions } = hits;
  const last = positions.at(-1);
  const next = last !== undefined && hits.matched > positions.length ? encodeCursor(keyAt(index, last), filters()) : null;
  const fields = fieldList(query.fields);
  const head = `{"matched":${matched},"returned":${positions.length},"reviews":[`;
  const tail = `],"next_cursor":${next === null ? 'null' : `"${next}"`}}`;
  const body = fields ? [head, fieldsJson(index, positions, fields), tail] : [reviewsJson(index, positions, head, tail, allocate)];
  return { ok: true, value: { body, positions, fields, next, matched } };
}

/**
 * The since answer `{since, count, reviews, next_cursor}` (with `returned`
 * after count when `withReturned`, as the MCP tool answers): reviews dated on
 * or after `date`, newest first, `count` of them in all, at most `limit` from
 * the cursor on. A page is a run of consecutive positions, so without
 * `fields` its reviews are one slice of the prebuilt JSON.
 */
export function sinceAnswer(
  index: ReviewIndex,
  date: string,
  query: SinceQuery,
  withReturned = false,
): Parsed<ReviewsPage & { count: number }> {
  const filters: Filters = { endpoint: 'since', values: [date] };
  const count = countOnOrAfter(index, date);
  let start = 0;
  if (query.cursor !== undefined) {
    const key = decodeCursor(query.cursor, filters);
    if (!key) return { ok: false, issues: [badCursor('since')] };
    start = Math.min(count, positionAfter(index, key));
  }
  const end = query.limit === undefined ? count : Math.min(count, start + query.limit);
  const positions = Array.from({ length: end - start }, (_, i) => start + i);
  const next = end < count && end > start ? encodeCursor(keyAt(index, end - 1), filters) : null;
  const fields = fieldList(query.fields);
  const head = `{"since":"${date}","count":${count},${withReturned ? `"returned":${positions.length},` : ''}"reviews":[`;
  const tail = `],"next_cursor":${next === null ? 'null' : `"${next}"`}}`;
  const { joined, prefixBytes } = index;
  let reviews: string | Buffer = '';
  if (fields !== undefined) reviews = fieldsJson(index, positions, fields);
  else if (end > start) reviews = joined.subarray(start === 0 ? 0 : (prefixBytes[start] as number) + 1, prefixBytes[end]);
  return { ok: true, value: { body: [head, reviews, tail], positions, fields, next, count } };
}

/** The answer's JSON as one string (the MCP tools' text). */
export function bodyText(body: readonly (string | Buffer)[]): string {
  let text = '';
  for (const piece of body) text += typeof piece === 'string' ? piece : piece.toString('utf8');
  return text;
}

/** The names `fields` lists, `id` first and always, in the review schema's order; undefined for every field. */
export function fieldList(fields: string | undefined): (keyof Review)[] | undefined {
  if (fields === undefined) return undefined;
  const asked = new Set(fields.split(','));
  asked.add('id');
  return REVIEW_FIELD_NAMES.filter((name) => asked.has(name));
}

/** `review` with only `fields`, in their order. */
export function pickFields(review: Review, fields: readonly (keyof Review)[]): Partial<Review> {
  const picked: Record<string, unknown> = {};
  for (const name of fields) picked[name] = review[name];
  return picked as Partial<Review>;
}

/** The JSON of the reviews at `positions` with only `fields`, joined by commas. */
function fieldsJson(index: ReviewIndex, positions: readonly number[], fields: readonly (keyof Review)[]): string {
  return positions.map((p) => JSON.stringify(pickFields(reviewAt(index, p), fields))).join(',');
}

function badCursor(what: string): Issue {
  return {
    path: ['cursor'],
    code: 'invalid_cursor',
    message: `cursor is not the next_cursor of an earlier answer of ${what} with these same filters; send the other parameters unchanged, or start again without cursor`,
  };
}
