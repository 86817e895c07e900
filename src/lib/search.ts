import type { SearchQuery } from '../schemas/search.ts';
import { countOnOrAfter, firstOnOrBefore, type ReviewIndex } from './review-index.ts';
import { normaliseText } from './text.ts';
import { matchText } from './text-index.ts';

export interface SearchHits {
  /** How many reviews match before the limit. */
  matched: number;
  /** Positions of the returned reviews, newest first. */
  positions: number[];
}

/**
 * Filters combine with AND. The date range is a slice of the newest-first
 * positions; within it the filter with the fewest candidates drives and the
 * others are checked per candidate, walking their own sorted lists alongside,
 * so a search costs in proportion to its rarest filter, not to the corpus.
 */
export function searchReviews(index: ReviewIndex, query: SearchQuery): SearchHits {
  const from = query.until ? firstOnOrBefore(index, query.until) : 0;
  const to = query.since ? countOnOrAfter(index, query.since) : index.count;
  if (from >= to) return { matched: 0, positions: [] };

  const text = query.query ? normaliseText(query.query) : undefined;
  const filters: Filter[] = [];
  if (query.rating !== undefined || query.min_rating !== undefined) filters.push(ratingFilter(index, query, from, to));
  if (query.mentions_technician) {
    filters.push(listFilter(index.technicianPostings.get(normaliseText(query.mentions_technician.trim())) ?? NONE, from, to));
  }
  if (query.mentions_service) {
    filters.push(listFilter(index.servicePostings.get(normaliseText(query.mentions_service.trim())) ?? NONE, from, to));
  }
  const matches = text === undefined ? undefined : matchText(index.text, text);
  for (const lists of matches?.words ?? []) filters.push(lists.length === 1 ? listFilter(lists[0] as Int32Array, from, to) : unionFilter(lists, from, to));
  // Unless the query is one word, the index only narrows: the candidates' texts are read.
  const readText = text !== undefined && !matches?.exact ? text : undefined;

  let driver: Filter | undefined;
  for (const filter of filters) {
    if (filter.size === 0) return { matched: 0, positions: [] };
    if (!driver || filter.size < driver.size) driver = filter;
  }
  const others = filters.filter((f) => f !== driver);
  const positions: number[] = [];
  const { limit } = query;

  // Nothing to check per review: the answer is a count and a head.
  if (others.length === 0 && readText === undefined) {
    if (!driver) {
      for (let p = from; p < to && positions.length < limit; p += 1) positions.push(p);
      return { matched: to - from, positions };
    }
    return { matched: exactCount(driver), positions: head(driver, limit) };
  }
  const check: Check = { others, text: readText, texts: index.texts, matched: 0, limit, positions };
  // A union tested per candidate is marked once over its positions: one byte read per test after that.
  for (const other of others) if (other.kind === UNION) other.marks = markUnion(other);
  try {
    if (!driver) for (let p = from; p < to; p += 1) accept(check, p);
    else if (driver.kind === LIST) for (let i = driver.start; i < driver.end; i += 1) accept(check, driver.list[i] as number);
    else if (driver.kind === RATING) forEachRated(driver, (p) => accept(check, p));
    else forEachInUnion(driver, (p) => accept(check, p));
  } finally {
    for (const other of others) if (other.kind === UNION && other.marks) releaseMarks(other, other.marks);
  }
  return { matched: check.matched, positions };
}

// Filters are plain records with a kind, and the loops switch on it: on the
// hot path that is several times cheaper than calling a closure per review.
const LIST = 0;
const UNION = 1;
const RATING = 2;

/** A sorted list of positions (technician, service, one word), cut to the range, walked forwards by `cursor`. */
interface ListFilter {
  kind: typeof LIST;
  list: ArrayLike<number>;
  start: number;
  end: number;
  cursor: number;
  /** Candidates in the range. */
  size: number;
}

/** Sorted lists that may share positions (the words a query word can be): their union, never built. */
interface UnionFilter {
  kind: typeof UNION;
  lists: readonly ArrayLike<number>[];
  starts: number[];
  ends: number[];
  cursors: number[];
  to: number;
  /** An upper bound: a position in two lists counts twice. */
  size: number;
  /** Set while the union's positions are marked (1) in this array, for tests by lookup. */
  marks?: Uint8Array | undefined;
}

/** Allowed star ratings: a table lookup per review. */
interface RatingFilter {
  kind: typeof RATING;
  allowed: Uint8Array;
  ratings: Uint8Array;
  only: ListFilter | undefined;
  from: number;
  to: number;
  size: number;
}

type Filter = ListFilter | UnionFilter | RatingFilter;

interface Check {
  others: readonly Filter[];
  /** Normalised text the review must contain, or undefined. */
  text: string | undefined;
  texts: readonly (string | null)[];
  matched: number;
  limit: number;
  positions: number[];
}

const NONE = new Int32Array(0);

function accept(check: Check, p: number): boolean {
  const { others } = check;
  for (let i = 0; i < others.length; i += 1) if (!passes(others[i] as Filter, p)) return true;
  // Reading the text last: it is the dearest check.
  if (check.text !== undefined && !(check.texts[p]?.includes(check.text) ?? false)) return true;
  check.matched += 1;
  if (check.positions.length < check.limit) check.positions.push(p);
  return true;
}

/** Whether `p` passes `filter`; `p` must not decrease from one call to the next. */
function passes(filter: Filter, p: number): boolean {
  if (filter.kind === RATING) return filter.allowed[filter.ratings[p] as number] === 1;
  if (filter.kind === LIST) {
    const { list, end } = filter;
    let k = filter.cursor;
    if (k < end && (list[k] as number) < p) filter.cursor = k = gallop(list, p, k, end);
    return k < end && list[k] === p;
  }
  if (filter.marks) return filter.marks[p] === 1;
  let hit = false;
  for (let i = 0; i < filter.lists.length; i += 1) {
    const list = filter.lists[i] as ArrayLike<number>;
    const end = filter.ends[i] as number;
    let k = filter.cursors[i] as number;
    if (k < end && (list[k] as number) < p) filter.cursors[i] = k = gallop(list, p, k, end);
    if (k < end && list[k] === p) hit = true;
  }
  return hit;
}

function listFilter(list: ArrayLike<number>, from: number, to: number): ListFilter {
  const start = lowerBound(list, from, 0);
  const end = lowerBound(list, to, start);
  return { kind: LIST, list, start, end, cursor: start, size: end - start };
}

function unionFilter(lists: readonly ArrayLike<number>[], from: number, to: number): UnionFilter {
  const starts = lists.map((list) => lowerBound(list, from, 0));
  const ends = lists.map((list, i) => lowerBound(list, to, starts[i] as number));
  let size = 0;
  for (let i = 0; i < lists.length; i += 1) size += (ends[i] as number) - (starts[i] as number);
  return { kind: UNION, lists, starts, ends, cursors: starts.slice(), to, size };
}

function ratingFilter(index: ReviewIndex, query: SearchQuery, from: number, to: number): RatingFilter {
  const allowed = new Uint8Array(6);
  const lists: ArrayLike<number>[] = [];
  let size = 0;
  for (let r = 1; r <= 5; r += 1) {
    if ((query.rating === undefined || r === query.rating) && (query.min_rating === undefined || r >= query.min_rating)) {
      allowed[r] = 1;
      const list = index.byRating[r] as Int32Array;
      lists.push(list);
      size += lowerBound(list, to, 0) - lowerBound(list, from, 0);
    }
  }
  const only = lists.length === 1 ? listFilter(lists[0] as ArrayLike<number>, from, to) : undefined;
  return { kind: RATING, allowed, ratings: index.ratings, only, from, to, size };
}

function forEachRated(filter: RatingFilter, visit: (p: number) => boolean): void {
  const { only, allowed, ratings } = filter;
  if (only) {
    for (let i = only.start; i < only.end; i += 1) if (!visit(only.list[i] as number)) return;
    return;
  }
  // Several stars: a pass over the range reading one byte each beats merging their lists.
  for (let p = filter.from; p < filter.to; p += 1) if (allowed[ratings[p] as number] === 1 && !visit(p)) return;
}

/** Visits the union in ascending order, each position once. */
function forEachInUnion(filter: UnionFilter, visit: (p: number) => boolean): void {
  const { lists, ends, to } = filter;
  const at = filter.starts.slice();
  for (;;) {
    let next = to;
    for (let i = 0; i < lists.length; i += 1) {
      const k = at[i] as number;
      if (k < (ends[i] as number) && ((lists[i] as ArrayLike<number>)[k] as number) < next) next = (lists[i] as ArrayLike<number>)[k] as number;
    }
    if (next === to) return;
    for (let i = 0; i < lists.length; i += 1) {
      const k = at[i] as number;
      if (k < (ends[i] as number) && (lists[i] as ArrayLike<number>)[k] === next) at[i] = k + 1;
    }
    if (!visit(next)) return;
  }
}

function head(driver: Filter, limit: number): number[] {
  const positions: number[] = [];
  if (driver.kind === LIST) for (let i = driver.start; i < driver.end && positions.length < limit; i += 1) positions.push(driver.list[i] as number);
  else if (driver.kind === RATING) forEachRated(driver, (p) => positions.push(p) < limit);
  else forEachInUnion(driver, (p) => positions.push(p) < limit);
  return positions;
}

/**
 * Mark arrays, reused: a typed array costs microseconds to allocate (it lives
 * outside the JS heap). Searches are synchronous; an array is all zero
 * whenever it is back here.
 */
const freeMarks: Uint8Array[] = [];

function takeMarks(size: number): Uint8Array {
  const marks = freeMarks.pop();
  return marks && marks.length >= size ? marks : new Uint8Array(Math.max(size, marks?.length ?? 0));
}

/** Marks the union's positions in the range; `releaseMarks` clears them. */
function markUnion(filter: UnionFilter): Uint8Array {
  const marks = takeMarks(filter.to);
  const { lists, starts, ends } = filter;
  for (let i = 0; i < lists.length; i += 1) {
    const list = lists[i] as ArrayLike<number>;
    for (let k = starts[i] as number, end = ends[i] as number; k < end; k += 1) marks[list[k] as number] = 1;
  }
  return marks;
}

function releaseMarks(filter: UnionFilter, marks: Uint8Array): void {
  const { lists, starts, ends } = filter;
  for (let i = 0; i < lists.length; i += 1) {
    const list = lists[i] as ArrayLike<number>;
    for (let k = starts[i] as number, end = ends[i] as number; k < end; k += 1) marks[list[k] as number] = 0;
  }
  filter.marks = undefined;
  freeMarks.push(marks);
}

function exactCount(filter: Filter): number {
  if (filter.kind !== UNION) return filter.size;
  const { lists, starts, ends } = filter;
  const seen = takeMarks(filter.to);
  let distinct = 0;
  for (let i = 0; i < lists.length; i += 1) {
    const list = lists[i] as ArrayLike<number>;
    for (let k = starts[i] as number, end = ends[i] as number; k < end; k += 1) {
      const p = list[k] as number;
      if (seen[p] === 0) {
        seen[p] = 1;
        distinct += 1;
      }
    }
  }
  releaseMarks(filter, seen);
  return distinct;
}

/** First index in [lo, list.length) whose value is ≥ `value`. */
function lowerBound(list: ArrayLike<number>, value: number, lo: number): number {
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in (cursor, end] whose value is ≥ p, given list[cursor] < p: doubling steps, then halving. */
function gallop(list: ArrayLike<number>, p: number, cursor: number, end: number): number {
  let low = cursor;
  let step = 1;
  let high = cursor + 1;
  while (high < end && (list[high] as number) < p) {
    low = high;
    step *= 2;
    high = low + step;
  }
  let lo = low + 1;
  let hi = Math.min(high, end);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
