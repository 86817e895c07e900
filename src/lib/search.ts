import type { SearchQuery } from '../schemas/search.ts';
import { countOnOrAfter, firstOnOrBefore, type ReviewIndex } from './review-index.ts';
import { normaliseText } from './text.ts';

export interface SearchHits {
  /** How many reviews match before the limit. */
  matched: number;
  /** Positions of the returned reviews, newest first. */
  positions: number[];
}

/**
 * Filters combine with AND. The rarest indexed filter (rating, technician,
 * service) drives the scan and the others are checked per candidate, so a
 * query costs in proportion to its candidates rather than to the corpus.
 */
export function searchReviews(index: ReviewIndex, query: SearchQuery): SearchHits {
  const from = query.until ? firstOnOrBefore(index, query.until) : 0;
  const to = query.since ? countOnOrAfter(index, query.since) : index.reviews.length;
  if (from >= to) return { matched: 0, positions: [] };

  const groups = postingGroups(index, query);
  if (groups.some((g) => g.lists.length === 0)) return { matched: 0, positions: [] };
  const text = query.query ? normaliseText(query.query) : undefined;

  const sized = groups
    .map((g) => ({ ...g, lists: g.lists.map((list) => clip(list, from, to)) }))
    .map((g) => ({ ...g, size: g.lists.reduce((n, l) => n + l.length, 0) }))
    .sort((a, b) => a.size - b.size);
  const [driver, ...others] = sized;

  // Nothing to check per review: the answer is a count and a head.
  if (!text && others.length === 0) {
    const matched = driver ? driver.size : to - from;
    const positions = driver ? mergeHead(driver.lists, query.limit) : range(from, Math.min(to, from + query.limit));
    return { matched, positions };
  }

  const accepts = (p: number) =>
    others.every((g) => g.accepts(p)) && (text === undefined || (index.texts[p]?.includes(text) ?? false));
  const positions: number[] = [];
  let matched = 0;
  const visit = (p: number) => {
    if (!accepts(p)) return;
    matched += 1;
    if (positions.length < query.limit) positions.push(p);
  };
  if (driver) for (const p of mergeAll(driver.lists)) visit(p);
  else for (let p = from; p < to; p += 1) visit(p);
  return { matched, positions };
}

/** One indexed filter: the union of its posting lists, and a per-review test. */
interface PostingGroup {
  lists: readonly (readonly number[])[];
  accepts(position: number): boolean;
}

function postingGroups(index: ReviewIndex, query: SearchQuery): PostingGroup[] {
  const groups: PostingGroup[] = [];
  if (query.rating !== undefined || query.min_rating !== undefined) {
    const ratings = [1, 2, 3, 4, 5].filter(
      (r) => (query.rating === undefined || r === query.rating) && (query.min_rating === undefined || r >= query.min_rating),
    );
    groups.push({
      lists: ratings.map((r) => index.byRating[r] ?? []),
      accepts: (p) => ratings.includes(index.reviews[p]?.rating ?? 0),
    });
  }
  if (query.mentions_technician) {
    const names = index.technicianNames.get(normaliseText(query.mentions_technician.trim())) ?? [];
    groups.push(mentionGroup(names, index.byTechnician, (p) => index.reviews[p]?.technicians ?? []));
  }
  if (query.mentions_service) {
    const ids = index.serviceIds.get(normaliseText(query.mentions_service.trim())) ?? [];
    groups.push(mentionGroup(ids, index.byService, (p) => index.reviews[p]?.services ?? []));
  }
  return groups;
}

function mentionGroup(
  keys: readonly string[],
  postings: ReadonlyMap<string, readonly number[]>,
  mentioned: (p: number) => readonly string[],
): PostingGroup {
  return {
    lists: keys.flatMap((k) => postings.get(k) ?? []).length === 0 ? [] : keys.map((k) => postings.get(k) ?? []),
    accepts: (p) => mentioned(p).some((k) => keys.includes(k)),
  };
}

/** The part of a sorted list that lies in [from, to). */
function clip(list: readonly number[], from: number, to: number): readonly number[] {
  const start = lowerBound(list, from);
  const end = lowerBound(list, to);
  return start === 0 && end === list.length ? list : list.slice(start, end);
}

function lowerBound(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Sorted union of sorted lists (a review may sit in two lists: two technicians, two services). */
function* mergeAll(lists: readonly (readonly number[])[]): Generator<number> {
  if (lists.length === 1) {
    yield* lists[0] as readonly number[];
    return;
  }
  const cursors = lists.map(() => 0);
  let last = -1;
  for (;;) {
    let best = -1;
    let bestValue = Infinity;
    lists.forEach((list, i) => {
      const value = list[cursors[i] as number];
      if (value !== undefined && value < bestValue) {
        bestValue = value;
        best = i;
      }
    });
    if (best < 0) return;
    cursors[best] = (cursors[best] as number) + 1;
    if (bestValue !== last) yield bestValue;
    last = bestValue;
  }
}

function mergeHead(lists: readonly (readonly number[])[], limit: number): number[] {
  const head: number[] = [];
  for (const p of mergeAll(lists)) {
    if (head.length >= limit) break;
    head.push(p);
  }
  return head;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}
