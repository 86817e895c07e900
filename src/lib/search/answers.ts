import type { Issue } from '../../schemas/errors.ts';
import type { Review } from '../../schemas/review.ts';
import { REVIEW_FIELD_NAMES, type SearchQuery, type SinceQuery } from '../../schemas/search.ts';
import { decodeCursor, encodeCursor, type Filters } from './cursor.ts';
import { countOnOrAfter, keyAt, positionAfter, type ReviewIndex } from './review-index.ts';
import type { Parsed } from './search-params.ts';
import { searchReviews } from './search.ts';

/**
 * The reviews an answer lists, as positions into the index (newest first):
 * a run `[start, end)` (since: a page is consecutive) or a list (search).
 * `fields`: the fields each review keeps; undefined: every field. Plain
 * data: whoever writes the answer turns it into bytes or objects.
 */
export type ReviewSelection = (
  { readonly start: number; readonly end: number; readonly positions?: undefined } | { readonly positions: readonly number[] }
) & { readonly fields: readonly (keyof Review)[] | undefined };

/** A search answer, named as SearchResultSchema names its keys. */
export interface SearchPage {
  matched: number;
  returned: number;
  reviews: ReviewSelection;
  next_cursor: string | null;
}

/** A since answer, named as SinceResultSchema names its keys (`returned` for the MCP tool's schema, which has it). */
export interface SincePage {
  since: string;
  count: number;
  returned: number;
  reviews: ReviewSelection;
  next_cursor: string | null;
}

/** The positions a selection lists, in order. */
export function selectedPositions(selection: ReviewSelection): readonly number[] {
  if (selection.positions !== undefined) return selection.positions;
  return Array.from({ length: selection.end - selection.start }, (_, i) => selection.start + i);
}

/** One page of a search: the matching reviews from the cursor on, `matched` in all, and the next page's cursor. */
export function searchAnswer(index: ReviewIndex, query: SearchQuery): Parsed<SearchPage> {
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
  return {
    ok: true,
    value: { matched, returned: positions.length, reviews: { positions, fields: fieldList(query.fields) }, next_cursor: next },
  };
}

/**
 * One page of the reviews dated on or after `date`, newest first: `count` of
 * them in all, at most `limit` from the cursor on (every one without a limit).
 */
export function sinceAnswer(index: ReviewIndex, date: string, query: SinceQuery): Parsed<SincePage> {
  const filters: Filters = { endpoint: 'since', values: [date] };
  const count = countOnOrAfter(index, date);
  let start = 0;
  if (query.cursor !== undefined) {
    const key = decodeCursor(query.cursor, filters);
    if (!key) return { ok: false, issues: [badCursor('since')] };
    start = Math.min(count, positionAfter(index, key));
  }
  const end = query.limit === undefined ? count : Math.min(count, start + query.limit);
  const next = end < count && end > start ? encodeCursor(keyAt(index, end - 1), filters) : null;
  return {
    ok: true,
    value: { since: date, count, returned: end - start, reviews: { start, end, fields: fieldList(query.fields) }, next_cursor: next },
  };
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

function badCursor(what: string): Issue {
  return {
    path: ['cursor'],
    code: 'invalid_cursor',
    message: `cursor is not the next_cursor of an earlier answer of ${what} with these same filters; send the other parameters unchanged, or start again without cursor`,
  };
}
