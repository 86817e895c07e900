import { prefixTag, reviewsJson, runJson, selectedPositions, type ReviewIndex, type ReviewSelection } from '../../src/lib/search/index.ts';
import type { Review } from '../../src/schemas/review.ts';
import { GetReviewsSinceOutputSchema } from '../../src/schemas/mcp-tools.ts';
import { SearchResultSchema, SinceResultSchema, type SinceQuery } from '../../src/schemas/search.ts';

/**
 * The one place where an answer that lists reviews becomes bytes: search and
 * since over HTTP, and the text of the MCP tools that list reviews. Keys are
 * written in the order of the answer's schema (the OpenAPI document and the
 * tools' output schemas show that order); the reviews are copied from the
 * index's prebuilt JSON, never serialised per request. The answer is a list
 * of pieces to write in order (one pooled buffer on the search's path).
 */
export type AnswerBody = readonly (string | Buffer)[];

/** What the serialiser reads of a build (its ReadModel): the index, and the reviews as objects for picked fields. */
export interface AnswerSource {
  readonly index: ReviewIndex;
  reviews(selection: ReviewSelection): Partial<Review>[];
}

/** An answer's keys in its schema's order, split around `reviews`, each with its JSON label (`"key":`) written once. */
export interface AnswerKeys {
  before: readonly (readonly [key: string, label: string])[];
  after: readonly (readonly [key: string, label: string])[];
}

function answerKeys(schema: { shape: Record<string, unknown> }): AnswerKeys {
  const keys = Object.keys(schema.shape);
  const at = keys.indexOf('reviews');
  const labelled = (names: string[]) => names.map((key) => [key, `"${key}":`] as const);
  return { before: labelled(keys.slice(0, at)), after: labelled(keys.slice(at + 1)) };
}

export const SEARCH_KEYS = answerKeys(SearchResultSchema);
export const SINCE_KEYS = answerKeys(SinceResultSchema);
export const MCP_SINCE_KEYS = answerKeys(GetReviewsSinceOutputSchema);

/**
 * `answer` (search or since data, its `reviews` a selection) as JSON with the
 * keys `keys` names, in that order. `allocate` gives the buffer a search's
 * reviews are copied into (a caller may take it from a pool).
 */
export function answerJson(
  keys: AnswerKeys,
  answer: { reviews: ReviewSelection } & object,
  model: AnswerSource,
  allocate?: (size: number) => Buffer,
): AnswerBody {
  const values = answer as Record<string, unknown>;
  let head = '{';
  for (const [key, label] of keys.before) head += `${label}${scalarJson(values[key])},`;
  head += '"reviews":[';
  let tail = ']';
  for (const [key, label] of keys.after) tail += `,${label}${scalarJson(values[key])}`;
  tail += '}';
  const selection = answer.reviews;
  if (selection.fields !== undefined) {
    const { fields } = selection;
    const objects = model.reviews({ ...selection, fields });
    return [head, objects.map((review) => JSON.stringify(review)).join(','), tail];
  }
  if (selection.positions === undefined) return [head, runJson(model.index, selection.start, selection.end), tail];
  return [reviewsJson(model.index, selectedPositions(selection), head, tail, allocate)];
}

/** A number, null or string as JSON (the answers' other fields are these). */
function scalarJson(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return value === null ? 'null' : JSON.stringify(value);
}

/** Bytes of an answer's body (strings counted as UTF-8). */
export function bodyBytes(body: AnswerBody): number {
  let size = 0;
  for (const piece of body) size += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
  return size;
}

/** The answer as one buffer (for compression) or one string (for an MCP text block). */
export function joinBody(body: AnswerBody): Buffer {
  if (body.length === 1 && typeof body[0] !== 'string') return body[0] as Buffer;
  return Buffer.concat(body.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)));
}

export function bodyText(body: AnswerBody): string {
  let text = '';
  for (const piece of body) text += typeof piece === 'string' ? piece : piece.toString('utf8');
  return text;
}

/**
 * The since answer's strong ETag: the tag of the bytes of every review on or
 * after the date (whatever page of them the parameters pick), the date, and
 * the parameters when there are any. A 304 then costs a lookup.
 */
export function sinceEtag(model: AnswerSource, since: string, count: number, query: string, params: SinceQuery): string {
  const tag = `${prefixTag(model.index, count)}.${since}`;
  return query === '' ? `"${tag}"` : `"${tag}.${params.limit ?? ''}.${params.fields ?? ''}.${params.cursor ?? ''}"`;
}
