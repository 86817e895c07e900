import type { SearchQuery } from '../../schemas/search.ts';
import { popcount } from '../bitset.ts';
import { bitsetWords, contains, EMPTY_POSTING, hasBit, rank, setBit, type Posting } from './posting.ts';
import { countOnOrAfter, firstOnOrBefore, type ReviewIndex } from './review-index.ts';
import { foldText, normaliseText } from '../text.ts';
import { matchText } from './text-index.ts';
import { DENSE_PER_WORD, DIRECT_SPARSE_MEMBERS } from './tuning.ts';

export interface SearchHits {
  /** How many reviews match before the limit. */
  matched: number;
  /** Positions of the returned reviews, newest first. */
  positions: number[];
}

/**
 * Filters combine with AND; each filter is the union of one or more postings
 * (a rating range covers several stars, a query word several vocabulary
 * words). The date range is a slice of the newest-first positions. Within it
 * the filter with the fewest candidates picks the method: a few, and they are
 * visited one by one and tested against the other filters; many, and the
 * filters' bitsets are intersected 32 positions per step. So a search costs
 * in proportion to its rarest filter or to the range's length in words, never
 * to the whole corpus.
 */
export function searchReviews(index: ReviewIndex, query: SearchQuery, start = 0): SearchHits {
  // `start`: the first position a page may hold (after a cursor); earlier reviews are not looked at.
  const from = Math.max(start, query.until ? firstOnOrBefore(index, query.until) : 0);
  const to = query.since ? countOnOrAfter(index, query.since) : index.count;
  if (from >= to) return { matched: 0, positions: [] };

  const text = query.query ? foldText(query.query) : undefined;
  const filters: Filter[] = [];
  const rating = ratingPosting(index, query);
  if (rating) filters.push(filterOf([rating], from, to));
  if (query.mentions_technician) {
    filters.push(filterOf([index.technicianPostings.get(normaliseText(query.mentions_technician.trim())) ?? EMPTY_POSTING], from, to));
  }
  if (query.mentions_service) {
    filters.push(filterOf([index.servicePostings.get(normaliseText(query.mentions_service.trim())) ?? EMPTY_POSTING], from, to));
  }
  const matches = text === undefined ? undefined : matchText(index.text, text);
  for (const postings of matches?.words ?? []) filters.push(filterOf(postings, from, to));

  const hits: Hits = {
    // Unless the query is one word, the index only narrows: the candidates' texts are read.
    text: text !== undefined && !matches?.exact ? text : undefined,
    texts: index.texts,
    sure: matches?.sure ?? NO_POSTINGS,
    matched: 0,
    limit: query.limit,
    positions: [],
  };
  let driver: Filter | undefined;
  for (const filter of filters) {
    if (filter.size === 0) return { matched: 0, positions: [] };
    if (!driver || filter.size < driver.size) driver = filter;
  }
  if (!driver) scanRange(from, to, hits);
  else if (driver.members.length === 1 && (filters.length === 1 || driver.size < DENSE_PER_WORD * rangeWords(from, to))) {
    visitList(driver.members[0] as Member, without(filters, driver), hits, index.count);
  } else intersect(filters, from, to, hits, index.count);
  return { matched: hits.matched, positions: hits.positions };
}

const NO_POSTINGS: readonly Posting[] = [];

/** One posting cut to the range: its list from `start` to `end`, walked forwards by `cursor`. */
interface Member {
  list: Int32Array;
  bits: Int32Array | undefined;
  start: number;
  end: number;
  cursor: number;
}

interface Filter {
  /** Postings with candidates in the range; a review passes when it is in any of them. */
  members: Member[];
  /** Candidates in the range; an upper bound when a review is in two members. */
  size: number;
  /** While the filter is tested: its sparse members' positions as one bitset, when it has many. */
  marked: Int32Array | undefined;
}

interface Hits {
  /** Normalised text a review must contain, or undefined. */
  text: string | undefined;
  texts: readonly (string | null)[];
  /** Postings of texts known to hold `text` (see TextMatches.sure): those are not read. */
  sure: readonly Posting[];
  matched: number;
  limit: number;
  positions: number[];
}

function filterOf(postings: readonly Posting[], from: number, to: number): Filter {
  const members: Member[] = [];
  let size = 0;
  for (const posting of postings) {
    const { list, bits } = posting;
    const start = rank(posting, from);
    const end = rank(posting, to);
    if (start === end) continue;
    members.push({ list, bits, start, end, cursor: start });
    size += end - start;
  }
  return { members, size, marked: undefined };
}

/** The reviews the rating filters let through, as one posting; undefined when they let every review through. */
function ratingPosting(index: ReviewIndex, query: SearchQuery): Posting | undefined {
  const { rating, min_rating: min } = query;
  if (rating !== undefined) return min === undefined || rating >= min ? (index.byRating[rating] as Posting) : EMPTY_POSTING;
  // Ratings are whole stars: at least 3.5 means at least 4.
  if (min === undefined || min <= 1) return undefined;
  return index.byMinRating[Math.ceil(min)] as Posting;
}

function inAny(postings: readonly Posting[], p: number): boolean {
  for (let i = 0; i < postings.length; i += 1) if (contains(postings[i] as Posting, p)) return true;
  return false;
}

function accept(hits: Hits, p: number): void {
  // Reading the text last: it is the dearest check.
  if (hits.text !== undefined && !inAny(hits.sure, p) && !(hits.texts[p]?.includes(hits.text) ?? false)) return;
  hits.matched += 1;
  if (hits.positions.length < hits.limit) hits.positions.push(p);
}

/** No filter: every review in the range, unless a text without words is to be read. */
function scanRange(from: number, to: number, hits: Hits): void {
  if (hits.text === undefined) {
    for (let p = from; p < to && hits.positions.length < hits.limit; p += 1) hits.positions.push(p);
    hits.matched = to - from;
    return;
  }
  for (let p = from; p < to; p += 1) accept(hits, p);
}

/** The driver's candidates one by one, each tested against the other filters. */
function visitList(driver: Member, others: readonly Filter[], hits: Hits, count: number): void {
  const { list, start, end } = driver;
  if (others.length === 0 && hits.text === undefined) {
    hits.matched = end - start;
    for (let i = start; i < end && hits.positions.length < hits.limit; i += 1) hits.positions.push(list[i] as number);
    return;
  }
  for (const other of others) if (sparseMembers(other) > DIRECT_SPARSE_MEMBERS) other.marked = markSparse(other, count);
  try {
    for (let i = start; i < end; i += 1) {
      const p = list[i] as number;
      let pass = true;
      for (let f = 0; f < others.length && pass; f += 1) pass = passes(others[f] as Filter, p);
      if (pass) accept(hits, p);
    }
  } finally {
    for (const other of others) if (other.marked) release(other.marked, other);
  }
}

/** Whether `p` passes `filter`; `p` must not decrease from one call to the next. */
function passes(filter: Filter, p: number): boolean {
  const { members, marked } = filter;
  if (marked && hasBit(marked, p)) return true;
  for (let i = 0; i < members.length; i += 1) {
    const member = members[i] as Member;
    if (member.bits) {
      if (hasBit(member.bits, p)) return true;
    } else if (!marked) {
      const { list, end } = member;
      let k = member.cursor;
      if (k < end && (list[k] as number) < p) member.cursor = k = gallop(list, p, k, end);
      if (k < end && list[k] === p) return true;
    }
  }
  return false;
}

/**
 * All filters' bitsets ANDed 32 positions at a time (a filter's own postings
 * ORed first); sparse postings are set in a scratch bitset beforehand. Each
 * review is accepted in turn until the page is full; after that, unless texts
 * are to be read, the rest of the range is only counted.
 */
function intersect(filters: readonly Filter[], from: number, to: number, hits: Hits, count: number): void {
  const first = from >>> 5;
  const last = (to - 1) >>> 5;
  const scratch: Int32Array[] = [];
  const own: Int32Array[] = [];
  for (let f = 0; f < filters.length; f += 1) own.push(bitsetOf(filters[f] as Filter, first, last, count, scratch));
  const sets = atMostTwo(own, first, last, count, scratch);
  try {
    let w = first;
    for (; w <= last && (hits.text !== undefined || hits.positions.length < hits.limit); w += 1) {
      let word = andAt(sets, w);
      if (w === first) word &= -1 << (from & 31);
      if (w === last) word &= lastWordMask(to);
      while (word !== 0) {
        const lowest = word & -word;
        word ^= lowest;
        accept(hits, (w << 5) | (31 - Math.clz32(lowest)));
      }
    }
    if (w <= last) hits.matched += countAnd(sets, w, last, lastWordMask(to));
  } finally {
    for (const bitset of scratch) releaseBitset(bitset, first, last);
  }
}

/**
 * The same AND as one or two bitsets: from the third filter on, all but the
 * first are ANDed into a scratch bitset first. The loops over one or two
 * arrays keep them in registers; a loop over any number reloads each array
 * for every word, and cost three times as much at three filters.
 */
function atMostTwo(sets: Int32Array[], first: number, last: number, count: number, scratch: Int32Array[]): Int32Array[] {
  if (sets.length <= 2) return sets;
  const rest = takeBitset(count);
  scratch.push(rest);
  const b = sets[1] as Int32Array;
  const c = sets[2] as Int32Array;
  for (let w = first; w <= last; w += 1) rest[w] = (b[w] as number) & (c[w] as number);
  for (let k = 3; k < sets.length; k += 1) {
    const d = sets[k] as Int32Array;
    for (let w = first; w <= last; w += 1) rest[w] = (rest[w] as number) & (d[w] as number);
  }
  return [sets[0] as Int32Array, rest];
}

/** Word w of the AND of one or two bitsets. */
function andAt(sets: readonly Int32Array[], w: number): number {
  const word = (sets[0] as Int32Array)[w] as number;
  return sets.length === 1 ? word : word & ((sets[1] as Int32Array)[w] as number);
}

/** Bits of the range's last word that lie before `to`. */
function lastWordMask(to: number): number {
  return (to & 31) === 0 ? -1 : (1 << (to & 31)) - 1;
}

/** Set bits of the AND of one or two bitsets over words w..last (the last word masked). */
function countAnd(sets: readonly Int32Array[], w: number, last: number, lastMask: number): number {
  let n = 0;
  const a = sets[0] as Int32Array;
  if (sets.length === 1) {
    for (let i = w; i < last; i += 1) n += popcount(a[i] as number);
    return n + popcount((a[last] as number) & lastMask);
  }
  const b = sets[1] as Int32Array;
  for (let i = w; i < last; i += 1) n += popcount((a[i] as number) & (b[i] as number));
  return n + popcount((a[last] as number) & (b[last] as number) & lastMask);
}

/** The filter as one bitset over words first..last: its own when it has a single dense posting, else its postings ORed into a scratch one. */
function bitsetOf(filter: Filter, first: number, last: number, count: number, scratch: Int32Array[]): Int32Array {
  const { members } = filter;
  if (members.length === 1 && members[0]?.bits) return members[0].bits;
  const bitset = takeBitset(count);
  scratch.push(bitset);
  for (const { list, bits, start, end } of members) {
    if (bits) for (let w = first; w <= last; w += 1) bitset[w] = (bitset[w] as number) | (bits[w] as number);
    else for (let k = start; k < end; k += 1) setBit(bitset, list[k] as number);
  }
  return bitset;
}

function sparseMembers(filter: Filter): number {
  let n = 0;
  for (const member of filter.members) if (!member.bits) n += 1;
  return n;
}

/**
 * Scratch bitsets, reused: a typed array costs microseconds to allocate (it
 * lives outside the JS heap). Searches are synchronous; a bitset is all zero
 * whenever it is back here.
 */
const freeBitsets: Int32Array[] = [];

function takeBitset(count: number): Int32Array {
  const words = bitsetWords(count);
  const bitset = freeBitsets.pop();
  return bitset && bitset.length >= words ? bitset : new Int32Array(Math.max(words, bitset?.length ?? 0));
}

function releaseBitset(bitset: Int32Array, first: number, last: number): void {
  bitset.fill(0, first, last + 1);
  freeBitsets.push(bitset);
}

/** The filter's sparse members' positions in the range, as a bitset; `release` clears it. */
function markSparse(filter: Filter, count: number): Int32Array {
  const marked = takeBitset(count);
  for (const { list, bits, start, end } of filter.members) {
    if (bits) continue;
    for (let k = start; k < end; k += 1) setBit(marked, list[k] as number);
  }
  return marked;
}

function release(marked: Int32Array, filter: Filter): void {
  for (const { list, bits, start, end } of filter.members) {
    if (bits) continue;
    for (let k = start; k < end; k += 1) marked[(list[k] as number) >>> 5] = 0;
  }
  filter.marked = undefined;
  freeBitsets.push(marked);
}

function without(filters: readonly Filter[], driver: Filter): Filter[] {
  const others: Filter[] = [];
  for (let f = 0; f < filters.length; f += 1) if (filters[f] !== driver) others.push(filters[f] as Filter);
  return others;
}

function rangeWords(from: number, to: number): number {
  return ((to - 1) >>> 5) - (from >>> 5) + 1;
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
