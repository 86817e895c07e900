import { createHash } from 'node:crypto';
import type { Review } from '../schemas/review.ts';
import type { ReviewsDataset } from '../schemas/reviews-dataset.ts';
import { servicePhrases, technicianPhrases } from './mentions.ts';
import { compareNewestFirst } from './order.ts';
import { normaliseText } from './text.ts';

/**
 * `/reviews.json` rearranged for the read endpoints. Positions are indexes into
 * `reviews`, which is newest first, so every posting list is sorted newest first
 * too and a date range is one contiguous slice.
 */
export interface ReviewIndex {
  readonly reviews: readonly Review[];
  /** JSON of each review, serialised once. */
  readonly json: readonly string[];
  /** `json` joined with commas, as bytes; `prefixBytes[k]` ends the k-th review (the comma excluded). */
  readonly joined: Buffer;
  readonly prefixBytes: Uint32Array;
  /** `prefixHash[k]` identifies the bytes of the first k reviews (a hash chain). */
  readonly prefixHash: readonly string[];
  readonly dates: readonly string[];
  readonly texts: readonly (string | null)[];
  /** ratings 1..5 → positions */
  readonly byRating: readonly (readonly number[])[];
  readonly byTechnician: ReadonlyMap<string, readonly number[]>;
  readonly byService: ReadonlyMap<string, readonly number[]>;
  /** normalised full name, first name or alias → technician names */
  readonly technicianNames: ReadonlyMap<string, readonly string[]>;
  /** normalised service id or label → service ids */
  readonly serviceIds: ReadonlyMap<string, readonly string[]>;
}

export function createReviewIndex(dataset: ReviewsDataset): ReviewIndex {
  // The build already orders them; sorting again (a stable no-op then) keeps every
  // answer newest first even for a dataset that was put together by other means.
  const reviews = [...dataset.reviews].sort(compareNewestFirst);
  const json = reviews.map((r) => JSON.stringify(r));
  const byRating: number[][] = [[], [], [], [], [], []];
  const byTechnician = new Map<string, number[]>();
  const byService = new Map<string, number[]>();
  reviews.forEach((review, position) => {
    byRating[review.rating]?.push(position);
    for (const name of review.technicians) append(byTechnician, name, position);
    for (const id of review.services) append(byService, id, position);
  });

  const { joined, prefixBytes } = joinJson(json);
  return {
    reviews,
    json,
    joined,
    prefixBytes,
    prefixHash: hashChain(json),
    dates: reviews.map((r) => r.date),
    texts: reviews.map((r) => (r.text === null ? null : normaliseText(r.text))),
    byRating,
    byTechnician,
    byService,
    technicianNames: technicianPhrases(dataset.business.technicians, { includeSharedFirstNames: true }),
    serviceIds: serviceLookup(dataset),
  };
}

/** Number of reviews dated on or after `date`: they are the first ones. */
export function countOnOrAfter(index: ReviewIndex, date: string): number {
  return firstPosition(index.dates, (d) => d < date);
}

/** First position dated on or before `date`. */
export function firstOnOrBefore(index: ReviewIndex, date: string): number {
  return firstPosition(index.dates, (d) => d <= date);
}

/** Dates run newest first, so `past` is false then true along the array: binary search for the switch. */
function firstPosition(dates: readonly string[], past: (date: string) => boolean): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (past(dates[mid] as string)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function serviceLookup(dataset: ReviewsDataset): Map<string, string[]> {
  // The contract: mentions_service takes an id or its label (not the synonyms used for derivation).
  const catalogue = dataset.business.services.map(({ id, label }) => ({ id, label, synonyms: [] }));
  return servicePhrases(catalogue);
}

function append(map: Map<string, number[]>, key: string, position: number): void {
  const list = map.get(key);
  if (list) list.push(position);
  else map.set(key, [position]);
}

function joinJson(json: readonly string[]): { joined: Buffer; prefixBytes: Uint32Array } {
  const joined = Buffer.from(json.join(','), 'utf8');
  const prefixBytes = new Uint32Array(json.length + 1);
  let bytes = 0;
  json.forEach((text, i) => {
    bytes += Buffer.byteLength(text, 'utf8') + (i === 0 ? 0 : 1);
    prefixBytes[i + 1] = bytes;
  });
  return { joined, prefixBytes };
}

function hashChain(json: readonly string[]): string[] {
  const chain = [createHash('sha256').update('reviews').digest('base64url')];
  for (const text of json) {
    chain.push(createHash('sha256').update(chain[chain.length - 1] as string).update(text).digest('base64url'));
  }
  return chain;
}
