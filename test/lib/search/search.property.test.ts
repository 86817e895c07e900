import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReviewIndex, reviewAt, searchAnswer, searchReviews, sinceAnswer, type ReviewIndex } from '../../../src/lib/search/index.ts';
import { referenceSearch } from '../../../src/lib/search/reference-search.ts';
import type { Review } from '../../../src/schemas/review.ts';
import type { ReviewsDataset } from '../../../src/schemas/reviews-dataset.ts';
import type { SearchQuery } from '../../../src/schemas/search.ts';
import { SAMPLE_DIST } from '../../support/paths.ts';
import { ACME } from '../../support/business.ts';
import { ReadModel } from '../../../functions/builds/read-model.ts';
import { answerJson, bodyText, SEARCH_KEYS, SINCE_KEYS, type AnswerKeys } from '../../../functions/http/answer-json.ts';
import type { ReviewSelection } from '../../../src/lib/search/index.ts';

/** A page as the endpoints send it: the domain's data written by the one serialiser. */
function pageJson(index: ReviewIndex, keys: AnswerKeys, page: { reviews: ReviewSelection }): unknown {
  const model = new ReadModel(index, { etag: '"test"', lastModifiedSeconds: 0 });
  return JSON.parse(bodyText(answerJson(keys, page, model)));
}

function indexedSearch(dataset: ReviewsDataset, q: SearchQuery) {
  const index = createReviewIndex(dataset);
  const hits = searchReviews(index, q);
  return { matched: hits.matched, returned: hits.positions.length, ids: hits.positions.map((p) => reviewAt(index, p).id) };
}

/** Text a person might type for `value`: another case, another Unicode composition, a piece of it. */
function typed(value: string): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom('same', 'upper', 'lower', 'nfd'), fc.nat(), fc.nat()).map(([how, a, b]) => {
    const [start, end] = [a % (value.length + 1), b % (value.length + 1)].sort((x, y) => x - y) as [number, number];
    const piece = how === 'same' ? value : value.slice(start, Math.max(end, start + 1));
    if (how === 'upper') return piece.toUpperCase();
    if (how === 'lower') return piece.toLowerCase();
    if (how === 'nfd') return piece.normalize('NFD');
    return piece;
  });
}

function dateNear(dates: readonly string[]): fc.Arbitrary<string> {
  const day = 86_400_000;
  return fc
    .tuple(fc.constantFrom(...dates), fc.integer({ min: -40, max: 40 }))
    .map(([d, offset]) => new Date(Date.parse(d) + offset * day).toISOString().slice(0, 10));
}

function queryFor(dataset: ReviewsDataset): fc.Arbitrary<SearchQuery> {
  const texts = dataset.reviews.flatMap((r) => (r.text ? [r.text] : []));
  const dates = dataset.reviews.length > 0 ? dataset.reviews.map((r) => r.date) : ['2024-01-01'];
  const names = dataset.business.technicians.flatMap((t) => [t.name, t.name.split(' ')[0] as string, ...t.aliases]);
  const services = dataset.business.services.flatMap((s) => [s.id, s.label]);
  // Mostly absent: seven filters ANDed together at even odds would nearly always match nothing.
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 2 });
  return fc
    .record({
      rating: maybe(fc.integer({ min: 1, max: 5 })),
      min_rating: maybe(
        fc.oneof(
          fc.integer({ min: 2, max: 10 }).map((n) => n / 2),
          fc.double({ min: 1, max: 5, noNaN: true }),
        ),
      ),
      since: maybe(dateNear(dates)),
      until: maybe(dateNear(dates)),
      query: maybe(
        fc.oneof(
          texts.length > 0 ? fc.constantFrom(...texts).chain(typed) : fc.string(),
          fc.constantFrom('the', 'breaker', 'panel', 'CAFÉ', 'é', ' ', 'ﬁ', 'Tomás'),
          fc.string({ minLength: 1, maxLength: 4 }),
        ),
      ),
      mentions_technician: maybe(
        fc.oneof(names.length > 0 ? fc.constantFrom(...names).chain(typed) : fc.string(), fc.string({ maxLength: 8 })),
      ),
      mentions_service: maybe(fc.oneof(fc.constantFrom(...services).chain(typed), fc.string({ maxLength: 8 }))),
      limit: fc.integer({ min: 1, max: 100 }),
    })
    .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as SearchQuery);
}

/**
 * Shrinking a failure over datasets of hundreds of reviews can take many
 * minutes, and synchronous properties cannot be stopped by the test timeout:
 * past this limit fast-check reports the failure as far as it got. A passing
 * run takes a few seconds.
 */
const SHRINK_BOUND = { interruptAfterTimeLimit: 60_000 } as const;

const sample: ReviewsDataset = JSON.parse(readFileSync(join(SAMPLE_DIST, 'client/reviews.json'), 'utf8'));

describe('searchReviews agrees with a plain filter-sort-slice', () => {
  it('over the sample business, for thousands of parameter combinations', () => {
    const index = createReviewIndex(sample);
    fc.assert(
      fc.property(queryFor(sample), (q) => {
        const hits = searchReviews(index, q);
        const actual = { matched: hits.matched, returned: hits.positions.length, ids: hits.positions.map((p) => reviewAt(index, p).id) };
        expect(actual).toEqual(referenceSearch(sample, q));
      }),
      { numRuns: 4000, ...SHRINK_BOUND },
    );
  });

  it('finds something for many of them (the generator is not only producing empty answers)', () => {
    const answers = fc.sample(queryFor(sample), { numRuns: 1000, seed: 7 }).map((q) => referenceSearch(sample, q).matched);
    expect(answers.filter((m) => m > 0).length).toBeGreaterThan(250);
  });

  it('over random datasets: shared first names, overlapping mentions, same-day reviews, rating-only reviews', () => {
    fc.assert(
      fc.property(
        randomDataset().chain((dataset) => fc.tuple(fc.constant(dataset), fc.array(queryFor(dataset), { minLength: 1, maxLength: 8 }))),
        ([dataset, queries]) => {
          for (const q of queries) expect(indexedSearch(dataset, q)).toEqual(referenceSearch(dataset, q));
        },
      ),
      { numRuns: 500, ...SHRINK_BOUND },
    );
  });

  it('over larger skewed datasets, where postings are both sparse lists and dense bitsets (every search method)', () => {
    // Rare words, phrases of common words (answered by the pair index) and pairs of rare mentions, which random queries seldom hit together.
    const probes = fc.oneof(
      fc
        .constantFrom(
          'zq',
          'zq1',
          'zq 1',
          'zq1 zq',
          'ZQ3',
          'q1',
          'the',
          'the panel',
          'e',
          'tidy late',
          'the zq',
          'the, panel',
          'tidy  late',
          'late-tidy',
          'panel. the',
          'e p',
          'the pan',
          'late zq2',
        )
        .map((query) => ({ query })),
      fc.record({
        mentions_technician: fc.constantFrom('Ben', 'Ben Ode', 'Ben Carter', 'Ana'),
        mentions_service: fc.constantFrom('circuit-breaker-repair', 'outdoor-lighting', 'panel-upgrade'),
      }),
    );
    fc.assert(
      fc.property(
        skewedDataset().chain((dataset) =>
          fc.tuple(
            fc.constant(dataset),
            fc.array(fc.tuple(queryFor(dataset), fc.option(probes, { nil: undefined })), { minLength: 10, maxLength: 20 }),
          ),
        ),
        ([dataset, pairs]) => {
          const index = createReviewIndex(dataset);
          for (const [generated, probe] of pairs) {
            const q = probe === undefined ? generated : { ...generated, ...probe };
            const hits = searchReviews(index, q);
            const actual = {
              matched: hits.matched,
              returned: hits.positions.length,
              ids: hits.positions.map((p) => reviewAt(index, p).id),
            };
            expect(actual).toEqual(referenceSearch(dataset, q));
          }
        },
      ),
      { numRuns: 40, ...SHRINK_BOUND },
    );
  });
});

/** Follows next_cursor from the first page to null; every page's answer as parsed. */
function followSearch(index: () => ReviewIndex, q: SearchQuery, size: number) {
  const pages: { matched: number; returned: number; reviews: Review[]; next_cursor: string | null }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 2000; page += 1) {
    const snapshot = index();
    const answer = searchAnswer(snapshot, { ...q, limit: size, ...(cursor === undefined ? {} : { cursor }) });
    if (!answer.ok) throw new Error(JSON.stringify(answer.issues));
    const parsed = pageJson(snapshot, SEARCH_KEYS, answer.value) as (typeof pages)[number];
    pages.push(parsed);
    if (parsed.next_cursor === null) return pages;
    cursor = parsed.next_cursor;
  }
  throw new Error('no last page');
}

const everything = (q: SearchQuery): SearchQuery => ({ ...q, limit: Number.MAX_SAFE_INTEGER });

describe('paging: following next_cursor gives the whole answer, in order, once', () => {
  it('for random filters and page sizes 1 to 100, over the sample business', () => {
    const index = createReviewIndex(sample);
    fc.assert(
      fc.property(queryFor(sample), fc.integer({ min: 1, max: 100 }), (q, size) => {
        const pages = followSearch(() => index, q, size);
        const expected = referenceSearch(sample, everything(q));
        expect(pages.flatMap((p) => p.reviews.map((r) => r.id))).toEqual(expected.ids);
        for (const page of pages) expect(page.matched).toBe(expected.matched);
        // Only the last page is short, and no page is empty but an empty answer's one.
        expect(pages.slice(0, -1).every((p) => p.returned === size)).toBe(true);
      }),
      { numRuns: 400, ...SHRINK_BOUND },
    );
  });

  it('over random datasets (same-day reviews, shared names), while a newer review is published between two pages', () => {
    fc.assert(
      fc.property(
        randomDataset().chain((dataset) => fc.tuple(fc.constant(dataset), queryFor(dataset), fc.integer({ min: 1, max: 100 }))),
        ([dataset, q, size]) => {
          const before = createReviewIndex(dataset);
          const newest = dataset.reviews.reduce((d, r) => (r.date > d ? r.date : d), '2000-01-01');
          const added: Review = {
            ...(dataset.reviews[0] ?? sample.reviews[0]!),
            id: '7ZZZZZZZZZZZZZZZZZZZZZZZZZ',
            date: new Date(Date.parse(newest) + 86_400_000).toISOString().slice(0, 10),
            text: `${q.query ?? ''} the panel`,
          };
          const after = createReviewIndex({ ...dataset, reviews: [added, ...dataset.reviews] });
          let calls = 0;
          // The first page from the old snapshot, every later one from the new.
          const pages = followSearch(() => (calls++ === 0 ? before : after), q, size);
          expect(pages.flatMap((p) => p.reviews.map((r) => r.id))).toEqual(referenceSearch(dataset, everything(q)).ids);
        },
      ),
      { numRuns: 300, ...SHRINK_BOUND },
    );
  });

  it('since pages through every review on or after the date, newest first', () => {
    const index = createReviewIndex(sample);
    const dates = sample.reviews.map((r) => r.date);
    fc.assert(
      fc.property(dateNear(dates), fc.integer({ min: 1, max: 100 }), (date, size) => {
        const ids: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 1000; page += 1) {
          const answer = sinceAnswer(index, date, { limit: size, ...(cursor === undefined ? {} : { cursor }) });
          if (!answer.ok) throw new Error(JSON.stringify(answer.issues));
          const parsed = pageJson(index, SINCE_KEYS, answer.value) as { count: number; reviews: Review[]; next_cursor: string | null };
          ids.push(...parsed.reviews.map((r) => r.id));
          if (parsed.next_cursor === null) break;
          cursor = parsed.next_cursor;
        }
        expect(ids).toEqual(referenceSearch(sample, { since: date, limit: Number.MAX_SAFE_INTEGER }).ids);
      }),
      { numRuns: 200, ...SHRINK_BOUND },
    );
  });

  it('refuses a cursor replayed with other filters, or altered, at ["cursor"]', () => {
    const index = createReviewIndex(sample);
    const first = searchAnswer(index, { min_rating: 4, limit: 5 });
    if (!first.ok || first.value.next_cursor === null) throw new Error('expected a next page');
    const cursor = first.value.next_cursor;
    expect(searchAnswer(index, { min_rating: 4, limit: 7, cursor }).ok).toBe(true);
    for (const other of [{ min_rating: 3 }, { min_rating: 4, query: 'panel' }, {}, { rating: 4 }]) {
      const answer = searchAnswer(index, { ...other, limit: 5, cursor });
      expect(answer.ok ? [] : answer.issues.map((i) => i.path)).toEqual([['cursor']]);
    }
    expect(sinceAnswer(index, '2000-01-01', { cursor }).ok).toBe(false);
    fc.assert(
      fc.property(
        fc.nat(cursor.length - 1),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
        (at, c) => {
          fc.pre(cursor[at] !== c);
          const tampered = cursor.slice(0, at) + c + cursor.slice(at + 1);
          const answer = searchAnswer(index, { min_rating: 4, limit: 5, cursor: tampered });
          expect(answer.ok ? [] : answer.issues.map((i) => i.path)).toEqual([['cursor']]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

const ROSTER = [
  { name: 'Ana Lima', aliases: ['Annie'] },
  { name: 'Ben Ode', aliases: ['Benji'] },
  { name: 'Ben Carter', aliases: [] },
  { name: 'Tomás Ortega', aliases: ['Tommy', 'Tomas'] },
];
const CATALOGUE = [
  { id: 'panel-upgrade', label: 'Panel upgrade' },
  { id: 'ev-charger-installation', label: 'EV charger installation' },
  { id: 'circuit-breaker-repair', label: 'Circuit breaker repair' },
  { id: 'outdoor-lighting', label: 'Outdoor lighting' },
];
const WORDS = [
  'the',
  'breaker',
  'panel',
  'café',
  'CAFÉ',
  'cafe\u0301',
  'Tomás',
  'ﬁxed',
  'fixed',
  'late',
  'tidy',
  'ÉLECTRIQUE',
  'ß',
  'İ',
  '🙂',
  'charger',
];

function randomDataset(): fc.Arbitrary<ReviewsDataset> {
  const ulid = fc.stringMatching(/^0[0-7][0-9A-HJKMNP-TV-Z]{24}$/);
  const review = fc.record({
    id: ulid,
    rating: fc.integer({ min: 1, max: 5 }),
    date: fc.integer({ min: Date.parse('2022-01-01'), max: Date.parse('2022-03-01') }).map((t) => new Date(t).toISOString().slice(0, 10)),
    text: fc.option(
      fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }).map((w) => w.join(' ')),
      { nil: null, freq: 6 },
    ),
    technicians: fc.subarray(ROSTER.map((t) => t.name)),
    services: fc.subarray(CATALOGUE.map((s) => s.id)),
  });
  return fc.uniqueArray(review, { selector: (r) => r.id, maxLength: 60 }).map(datasetOf);
}

/**
 * Hundreds of reviews where some words, technicians, services and ratings are
 * common and others rare, and a dozen rare words share the piece "zq": so
 * postings are sparse lists and dense bitsets, and one query word can stand
 * for many sparse lists. Ids follow the position, dates repeat.
 */
function skewedDataset(): fc.Arbitrary<ReviewsDataset> {
  const rareWords = Array.from({ length: 12 }, (_, i) => `zq${i + 1}`);
  const word = fc.oneof({ arbitrary: fc.constantFrom(...WORDS), weight: 20 }, { arbitrary: fc.constantFrom(...rareWords), weight: 1 });
  const rareOften = <T>(common: T[], rare: T[]) =>
    fc
      .tuple(fc.subarray(common), fc.integer({ min: 0, max: 29 }), fc.constantFrom(...rare))
      .map(([picked, roll, one]) => (roll === 0 ? [...picked, one] : picked));
  const review = fc.record({
    rating: fc.constantFrom(5, 5, 5, 5, 5, 5, 4, 4, 3, 1, 1, 2),
    date: fc.integer({ min: 0, max: 400 }).map((day) => new Date(Date.parse('2022-01-01') + day * 86_400_000).toISOString().slice(0, 10)),
    // Words mostly apart by one space, sometimes by other punctuation: phrases must match only as written.
    text: fc.option(
      fc.array(fc.tuple(word, fc.constantFrom(' ', ' ', ' ', ' ', ', ', '  ', '-', '. ')), { minLength: 1, maxLength: 10 }).map((parts) =>
        parts
          .map(([w, separator]) => w + separator)
          .join('')
          .trimEnd(),
      ),
      { nil: null, freq: 10 },
    ),
    technicians: rareOften(['Ana Lima', 'Tomás Ortega'], ['Ben Ode', 'Ben Carter']),
    services: rareOften(['panel-upgrade', 'ev-charger-installation'], ['circuit-breaker-repair', 'outdoor-lighting']),
  });
  return fc
    .array(review, { minLength: 200, maxLength: 900 })
    .map((reviews) => datasetOf(reviews.map((r, i) => ({ ...r, id: `01${String(i).padStart(24, '0')}` }))));
}

type ReviewCore = Pick<Review, 'id' | 'rating' | 'date' | 'text' | 'technicians' | 'services'>;

function datasetOf(reviews: ReviewCore[]): ReviewsDataset {
  return {
    business: {
      ...ACME,
      service_areas: [],
      services: CATALOGUE,
      technicians: ROSTER,
    },
    aggregate_rating: {
      rating_value: 5,
      review_count: reviews.length,
      best_rating: 5,
      worst_rating: 1,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    },
    // Any order: the index sorts.
    reviews: reviews.map((r): Review => ({
      ...r,
      author: 'A',
      author_avatar_url: null,
      source: 'google',
      source_url: null,
      owner_reply: null,
      verified: true,
      service_area: null,
    })),
  };
}
