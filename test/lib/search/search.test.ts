import fc from 'fast-check';
import { makeReview } from '../../support/review.ts';
import { describe, expect, it } from 'vitest';
import { createReviewIndex, reviewAt, reviewsJson, searchReviews, type ReviewIndex } from '../../../src/lib/search/index.ts';
import { matchText } from '../../../src/lib/search/text-index.ts';
import type { Review } from '../../../src/schemas/review.ts';
import type { ReviewsDataset } from '../../../src/schemas/reviews-dataset.ts';
import { SearchQuerySchema } from '../../../src/schemas/search.ts';
import { referenceSearch } from '../../../src/lib/search/reference-search.ts';
import { ACME, reviewId } from '../../support/business.ts';

const business: ReviewsDataset['business'] = {
  ...ACME,
  service_areas: ['Tacoma'],
  services: [
    { id: 'panel-upgrade', label: 'Panel upgrade' },
    { id: 'ev-charger-installation', label: 'EV charger installation' },
    { id: 'circuit-breaker-repair', label: 'Circuit breaker repair' },
  ],
  technicians: [
    { name: 'Ana Lima', aliases: ['Annie'] },
    { name: 'Ben Ode', aliases: ['Benji'] },
    { name: 'Ben Carter', aliases: [] },
  ],
};

function review(n: number, fields: Partial<Review>): Review {
  return makeReview({ id: reviewId(n), author: `Author ${n}`, rating: 5, date: '2025-01-01', text: 'Good work.', ...fields });
}

function indexOf(reviews: Review[]): ReviewIndex {
  return createReviewIndex({
    business,
    aggregate_rating: {
      rating_value: 5,
      review_count: 0,
      best_rating: 5,
      worst_rating: 1,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    },
    reviews,
  });
}

// Deliberately not in newest-first order: the index must not depend on it.
const reviews = [
  review(6, {
    date: '2024-12-24',
    rating: 3,
    text: 'The café’s lights flicker less now, then the BREAKER tripped.',
    technicians: ['Ben Carter'],
    services: ['circuit-breaker-repair'],
  }),
  review(1, {
    date: '2025-03-10',
    rating: 5,
    text: 'Ana swapped our old breaker panel. Clean, careful work.',
    technicians: ['Ana Lima'],
    services: ['panel-upgrade'],
  }),
  review(3, {
    date: '2024-11-02',
    rating: 1,
    text: 'Ben was two hours late and the breaker still trips.',
    services: ['circuit-breaker-repair'],
  }),
  review(2, {
    date: '2025-03-10',
    rating: 4,
    text: 'Benji installed our Tesla charger. A bit pricey but tidy.',
    technicians: ['Ben Ode'],
    services: ['ev-charger-installation'],
  }),
  review(4, { date: '2024-06-30', rating: 5, text: null }),
  review(7, {
    date: '2023-05-05',
    rating: 2,
    text: 'Annie and Ben Ode upgraded the ＰＡＮＥＬ. Crème brûlée for the crew.',
    technicians: ['Ana Lima', 'Ben Ode'],
    services: ['panel-upgrade'],
  }),
];
const index = indexOf(reviews);

/** Runs a search the way the endpoints do: through the schema, so defaults apply. */
function search(input: Record<string, unknown>, on: ReviewIndex = index) {
  const hits = searchReviews(on, SearchQuerySchema.parse(input));
  return { matched: hits.matched, returned: hits.positions.length, ids: hits.positions.map((p) => reviewAt(on, p).id) };
}

const ids = (...numbers: number[]) => numbers.map(reviewId);

describe('searchReviews', () => {
  describe('without filters', () => {
    it('returns every review, newest first: date descending, then id descending', () => {
      expect(search({})).toEqual({ matched: 6, returned: 6, ids: ids(2, 1, 6, 3, 4, 7) });
    });

    it('returns at most 20 reviews by default, and counts all of them in matched', () => {
      const many = indexOf(
        Array.from({ length: 45 }, (_, i) => review(i + 1, { date: `2024-01-${String((i % 28) + 1).padStart(2, '0')}` })),
      );
      const answer = search({}, many);
      expect(answer.matched).toBe(45);
      expect(answer.returned).toBe(20);
      expect(answer.ids[0]).toBe(reviewId(28));
    });
  });

  describe('limit', () => {
    it('cuts the returned reviews but not matched', () => {
      expect(search({ limit: 2 })).toEqual({ matched: 6, returned: 2, ids: ids(2, 1) });
      expect(search({ rating: 5, limit: 1 })).toEqual({ matched: 2, returned: 1, ids: ids(1) });
      expect(search({ query: 'breaker', limit: 1 })).toEqual({ matched: 3, returned: 1, ids: ids(1) });
    });

    it('returns everything when the limit exceeds the matches', () => {
      expect(search({ limit: 100 }).returned).toBe(6);
    });
  });

  describe('rating', () => {
    it('matches the exact star rating', () => {
      expect(search({ rating: 5 }).ids).toEqual(ids(1, 4));
      expect(search({ rating: 1 }).ids).toEqual(ids(3));
    });

    it('matches nothing for a rating no review has', () => {
      expect(search({ rating: 5 }, indexOf([review(1, { rating: 4 })]))).toEqual({ matched: 0, returned: 0, ids: [] });
    });
  });

  describe('min_rating', () => {
    it('is inclusive', () => {
      expect(search({ min_rating: 4 }).ids).toEqual(ids(2, 1, 4));
      expect(search({ min_rating: 1 }).matched).toBe(6);
    });

    it('accepts a fractional minimum: 3.5 means 4 and 5 stars', () => {
      expect(search({ min_rating: 3.5 }).ids).toEqual(ids(2, 1, 4));
    });

    it('combines with rating: both must hold', () => {
      expect(search({ rating: 3, min_rating: 2 }).ids).toEqual(ids(6));
      expect(search({ rating: 3, min_rating: 3.5 })).toEqual({ matched: 0, returned: 0, ids: [] });
    });
  });

  describe('since and until', () => {
    it('since keeps reviews on or after the date', () => {
      expect(search({ since: '2025-03-10' }).ids).toEqual(ids(2, 1));
      expect(search({ since: '2024-12-25' }).ids).toEqual(ids(2, 1));
      expect(search({ since: '2024-12-24' }).ids).toEqual(ids(2, 1, 6));
    });

    it('until keeps reviews on or before the date', () => {
      expect(search({ until: '2024-06-30' }).ids).toEqual(ids(4, 7));
      expect(search({ until: '2023-05-04' }).ids).toEqual([]);
    });

    it('together they select a closed range, a single day when equal', () => {
      expect(search({ since: '2024-06-30', until: '2024-12-24' }).ids).toEqual(ids(6, 3, 4));
      expect(search({ since: '2025-03-10', until: '2025-03-10' }).ids).toEqual(ids(2, 1));
    });

    it('a future since matches nothing', () => {
      expect(search({ since: '2999-01-01' })).toEqual({ matched: 0, returned: 0, ids: [] });
    });

    it('holds for any pair of dates, also across leap days and centuries, and for reviews more than a century apart', () => {
      const dates = [
        '1899-12-31',
        '1900-02-28',
        '1900-03-01',
        '1999-12-31',
        '2000-02-29',
        '2000-03-01',
        '2024-02-29',
        '2024-03-01',
        '2025-01-01',
        '2025-01-01',
      ];
      const spread = indexOf(dates.map((date, i) => review(i + 1, { date })));
      const probes = ['0001-01-01', '1899-12-30', ...dates, '2000-02-28', '2023-12-31', '2025-01-02', '9999-12-31'];
      for (const since of probes) {
        for (const until of probes) {
          if (since > until) continue;
          const expected = dates.filter((d) => d >= since && d <= until).length;
          expect(search({ since, until, limit: 100 }, spread).matched, `${since}..${until}`).toBe(expected);
        }
      }
    });
  });

  describe('query', () => {
    it('is a case-insensitive substring of the text', () => {
      expect(search({ query: 'breaker' }).ids).toEqual(ids(1, 6, 3));
      expect(search({ query: 'BREAKER' }).ids).toEqual(ids(1, 6, 3));
      expect(search({ query: 'reak' }).ids).toEqual(ids(1, 6, 3));
      expect(search({ query: 'two hours late' }).ids).toEqual(ids(3));
    });

    it('a whole word also finds the longer words that contain it: "ben" finds "Benji"', () => {
      expect(search({ query: 'ben' }).ids).toEqual(ids(2, 3, 7));
      expect(search({ query: 'BEN' }).ids).toEqual(ids(2, 3, 7));
    });

    it('knows, for every word of the texts, every word that contains it', () => {
      const { words, containing, containingStart } = index.text;
      words.forEach((word, id) => {
        const found = [...containing.subarray(containingStart[id], containingStart[id + 1])].map((i) => words[i]);
        expect(found.sort(), word).toEqual(words.filter((other) => other.includes(word)).sort());
      });
    });

    it('matches a phrase only as written: the same words in another order do not match', () => {
      expect(search({ query: 'hours late' }).ids).toEqual(ids(3));
      expect(search({ query: 'late hours' }).ids).toEqual([]);
      expect(search({ query: 'o hours l' }).ids).toEqual(ids(3));
    });

    it('matches queries without any letter or digit', () => {
      expect(search({ query: '.' }).ids).toEqual(ids(2, 1, 6, 3, 7));
      expect(search({ query: ', ' }).ids).toEqual(ids(1, 6));
      expect(search({ query: '🙂' }).ids).toEqual([]);
    });

    it('matches accented text whatever the case: "CAFÉ" finds "café"', () => {
      expect(search({ query: 'CAFÉ' }).ids).toEqual(ids(6));
    });

    it('matches across Unicode compositions: a query typed in NFD finds NFC text, and the reverse', () => {
      const nfd = 'cafe\u0301';
      expect(nfd).not.toBe('café');
      expect(search({ query: nfd }).ids).toEqual(ids(6));
      const nfdIndex = indexOf([review(1, { text: 'Dessert: Crème brûlée.'.normalize('NFD') })]);
      expect(search({ query: 'CRÈME BRÛLÉE'.normalize('NFC') }, nfdIndex).ids).toEqual(ids(1));
    });

    it('folds compatibility forms (NFKC): "panel" finds full-width "ＰＡＮＥＬ"', () => {
      expect(search({ query: 'panel' }).ids).toEqual(ids(1, 7));
    });

    it('never matches a rating-only review', () => {
      expect(search({ query: ' ' }).ids).not.toContain(reviewId(4));
      expect(search({ query: 'null' }).matched).toBe(0);
    });

    it('an empty query filters nothing', () => {
      expect(search({ query: '' }).matched).toBe(6);
    });

    describe('two common words (answered from the index of adjacent word pairs, without reading texts)', () => {
      // Every word here is in far more texts than the index's threshold for pairs; "zap" and "zapped" are rare.
      const common = [
        'Thank you for the panel.',
        'thank, you were quick.',
        'thank  you, twice.',
        'Thankyou note.',
        'We thank your team.',
        'Big thank you!',
        'THANK YOU.',
        'You thank us.',
        'Tomás thank-you.',
      ];
      const rare = ['thank you for the zap.', 'thank zapped you.'];
      const texts = [...Array.from({ length: 70 }, () => common).flat(), ...rare, ...rare];
      const many = indexOf(texts.map((text, i) => review(i + 1, { text })));
      const plain = (query: string) => {
        const folded = query.normalize('NFKC').toLowerCase();
        return Array.from({ length: many.count }, (_, p) => reviewAt(many, p)).filter((r) =>
          r.text?.normalize('NFKC').toLowerCase().includes(folded),
        ).length;
      };

      it('uses the pair index for them, and matches what a plain substring test matches', () => {
        expect(matchText(many.text, 'thank you')?.exact).toBe(true);
        for (const query of [
          'thank you',
          'THANK YOU',
          'thank, you',
          'thank  you',
          'hank yo',
          'thank-you',
          'you for',
          'you thank',
          'the panel',
          'thank your',
          'k y',
        ]) {
          expect(search({ query }, many).matched, query).toBe(plain(query));
        }
        expect(search({ query: 'thank you' }, many).matched).toBe(70 * 4 + 2);
      });

      it("answers from the pairs of common words and reads only a rare word's texts when the query can be both", () => {
        // "you" can be "you" or "your" (common) or "youse" (in two texts only).
        // The last text holds both words, but not the phrase: it must be read, and rejected.
        const withRare = indexOf(
          [...texts, 'thank youse all.', 'Thank youse, and thank you.', 'Youse thank them.'].map((text, i) => review(i + 1, { text })),
        );
        const plainIn = (on: ReviewIndex, query: string) =>
          Array.from({ length: on.count }, (_, p) => reviewAt(on, p)).filter((r) => r.text?.toLowerCase().includes(query)).length;
        const matches = matchText(withRare.text, 'thank you');
        expect(matches?.exact).toBe(false);
        // The texts left to read are those of the rare word that no indexed pair vouches for.
        const positions = (postings: readonly { list: Int32Array }[] = []) => new Set(postings.flatMap((p) => [...p.list]));
        const sure = positions(matches?.sure);
        const toRead = [...positions(matches?.words[0])].filter((p) => !sure.has(p)).map((p) => reviewAt(withRare, p).text);
        expect(toRead.sort()).toEqual(['Youse thank them.', 'thank youse all.']);
        for (const query of ['thank you', 'thank your', 'thank youse', 'hank yo', 'k y']) {
          expect(search({ query }, withRare).matched, query).toBe(plainIn(withRare, query));
        }
        expect(search({ query: 'thank you' }, withRare).matched).toBe(70 * 4 + 2 + 2);
        // A page is filled from the known matches and the read ones alike, and the rest still counted.
        expect(search({ query: 'thank you', limit: 3 }, withRare)).toMatchObject({ matched: 70 * 4 + 4, returned: 3 });
      });

      it('narrows a longer phrase to the texts holding each of its pairs before reading them', () => {
        const phrases = [
          ...Array<string>(30).fill('Worth every penny.'),
          ...Array<string>(30).fill('Worth every cent, every penny.'),
          ...Array<string>(150).fill('Every worth, penny wise.'),
        ];
        const three = indexOf(phrases.map((text, i) => review(i + 1, { text })));
        const matches = matchText(three.text, 'worth every penny');
        expect(matches?.exact).toBe(false);
        const sets = (matches?.words ?? []).map((postings) => new Set(postings.flatMap((p) => [...p.list])));
        const candidates = [...(sets[0] ?? [])].filter((p) => sets.every((set) => set.has(p)));
        // The words alone would leave all 210 texts; the pairs leave the 60 holding "worth every" and "every penny".
        expect(candidates).toHaveLength(60);
        expect(search({ query: 'worth every penny' }, three).matched).toBe(30);
        expect(search({ query: 'every penny' }, three).matched).toBe(60);
        expect(search({ query: 'worth every penny.' }, three).matched).toBe(30);
        expect(search({ query: 'h every p' }, three).matched).toBe(30);
        // Pairs that would not leave far fewer candidates than their words are not used: "thank you" is in every text here.
        const all = indexOf(Array.from({ length: 70 }, (_, i) => review(i + 1, { text: 'Thank you, thank you all.' })));
        expect(matchText(all.text, 'thank you all')?.words).toHaveLength(3);
        expect(search({ query: 'thank you all' }, all).matched).toBe(70);
      });

      it('reads the texts when a word is rare, the phrase is longer or has punctuation around it', () => {
        expect(matchText(many.text, 'you for the zap')?.exact).toBe(false);
        expect(matchText(many.text, 'thank zapped')?.exact).toBe(false);
        expect(matchText(many.text, 'thank you!')?.exact).toBe(false);
        for (const query of [
          'you for the zap',
          'thank zapped',
          'zapped you',
          'thank you!',
          ' thank you',
          'big thank you',
          'thank you for the',
        ]) {
          expect(search({ query }, many).matched, query).toBe(plain(query));
        }
      });
    });
  });

  describe('mentions_technician', () => {
    it('matches the full name, the first name or an alias, case-insensitively', () => {
      for (const name of ['Ana Lima', 'ana lima', 'ANA', 'Annie', 'annie']) {
        expect(search({ mentions_technician: name }).ids, name).toEqual(ids(1, 7));
      }
      expect(search({ mentions_technician: 'benji' }).ids).toEqual(ids(2, 7));
    });

    it('ignores surrounding whitespace', () => {
      expect(search({ mentions_technician: '  Ana Lima ' }).ids).toEqual(ids(1, 7));
    });

    it('matches both technicians when they share the first name', () => {
      expect(search({ mentions_technician: 'Ben' }).ids).toEqual(ids(2, 6, 7));
      expect(search({ mentions_technician: 'Ben Carter' }).ids).toEqual(ids(6));
    });

    it('counts a review that mentions both of them once', () => {
      const both = indexOf([
        review(1, { technicians: ['Ben Carter', 'Ben Ode'] }),
        review(2, { technicians: ['Ben Ode'] }),
        review(3, { technicians: ['Ben Carter', 'Ben Ode'] }),
      ]);
      expect(search({ mentions_technician: 'ben' }, both)).toEqual({ matched: 3, returned: 3, ids: ids(3, 2, 1) });
      expect(search({ mentions_technician: 'ben', limit: 1 }, both)).toEqual({ matched: 3, returned: 1, ids: ids(3) });
    });

    it('uses the recorded mentions, not the text: "Ben" in a text with no attribution is not a match', () => {
      expect(search({ mentions_technician: 'Ben' }).ids).not.toContain(reviewId(3));
    });

    it('an unknown technician is a filter that matches nothing, not an error', () => {
      expect(search({ mentions_technician: 'Zed' })).toEqual({ matched: 0, returned: 0, ids: [] });
      expect(search({ mentions_technician: 'Lima' })).toEqual({ matched: 0, returned: 0, ids: [] });
    });
  });

  describe('mentions_service', () => {
    it('matches a service id', () => {
      expect(search({ mentions_service: 'panel-upgrade' }).ids).toEqual(ids(1, 7));
      expect(search({ mentions_service: 'circuit-breaker-repair' }).ids).toEqual(ids(6, 3));
    });

    it('matches a service label, case-insensitively', () => {
      expect(search({ mentions_service: 'Panel upgrade' }).ids).toEqual(ids(1, 7));
      expect(search({ mentions_service: 'EV CHARGER INSTALLATION' }).ids).toEqual(ids(2));
      expect(search({ mentions_service: 'Panel-Upgrade' }).ids).toEqual(ids(1, 7));
    });

    it('an unknown service is a filter that matches nothing, not an error', () => {
      expect(search({ mentions_service: 'roofing' })).toEqual({ matched: 0, returned: 0, ids: [] });
      expect(search({ mentions_service: 'breaker' })).toEqual({ matched: 0, returned: 0, ids: [] });
    });
  });

  describe('filters combine with AND', () => {
    it('every filter must hold', () => {
      expect(search({ mentions_service: 'panel-upgrade', rating: 5 }).ids).toEqual(ids(1));
      expect(search({ mentions_technician: 'Ben', min_rating: 3 }).ids).toEqual(ids(2, 6));
      expect(search({ mentions_technician: 'Ben', mentions_service: 'panel-upgrade' }).ids).toEqual(ids(7));
      expect(search({ query: 'breaker', since: '2024-12-01', until: '2024-12-31' }).ids).toEqual(ids(6));
      expect(
        search({
          query: 'TRIP',
          mentions_service: 'Circuit breaker repair',
          mentions_technician: 'Ben Carter',
          min_rating: 2.5,
          since: '2024-01-01',
        }).ids,
      ).toEqual(ids(6));
    });

    it('one impossible filter empties the answer', () => {
      expect(search({ mentions_service: 'panel-upgrade', mentions_technician: 'Zed' }).matched).toBe(0);
      expect(search({ rating: 4, mentions_technician: 'Ana' }).matched).toBe(0);
    });

    it('counts every match in matched whichever filter is rarest', () => {
      const big = indexOf(
        Array.from({ length: 300 }, (_, i) =>
          review(i + 1, {
            date: `202${i % 5}-0${(i % 9) + 1}-1${i % 10}`,
            rating: (i % 5) + 1,
            technicians: i % 7 === 0 ? ['Ana Lima'] : i % 3 === 0 ? ['Ben Ode', 'Ana Lima'] : [],
            services: i % 11 === 0 ? ['panel-upgrade'] : ['ev-charger-installation'],
          }),
        ),
      );
      const all = Array.from({ length: big.count }, (_, p) => reviewAt(big, p));
      const expected = all.filter((r) => r.rating >= 4 && r.technicians.includes('Ana Lima') && r.services.includes('panel-upgrade'));
      const answer = search({ min_rating: 4, mentions_technician: 'Annie', mentions_service: 'panel-upgrade', limit: 3 }, big);
      expect(answer.matched).toBe(expected.length);
      expect(answer.ids).toEqual(expected.slice(0, 3).map((r) => r.id));
    });
  });
});

describe('createReviewIndex', () => {
  it('orders reviews newest first whatever order the dataset lists them in', () => {
    expect(Array.from({ length: index.count }, (_, p) => reviewAt(index, p).id)).toEqual(ids(2, 1, 6, 3, 4, 7));
  });

  it('joins the serialised reviews so that every prefix is a valid JSON list', () => {
    const newestFirst = [...reviews].sort((a, b) => (a.date === b.date ? b.id.localeCompare(a.id) : b.date.localeCompare(a.date)));
    for (let k = 0; k <= index.count; k += 1) {
      const bytes = index.joined.subarray(0, index.prefixBytes[k]);
      expect(JSON.parse(`[${bytes.toString('utf8')}]`)).toEqual(newestFirst.slice(0, k));
    }
    expect(newestFirst.map((_, p) => reviewAt(index, p))).toEqual(newestFirst);
  });

  it('writes the JSON of any ascending selection of reviews, with a prefix and a suffix', () => {
    fc.assert(
      fc.property(fc.subarray(Array.from({ length: index.count }, (_, p) => p)), (positions) => {
        const bytes = reviewsJson(index, positions, '{"x":[', ']}');
        expect(JSON.parse(bytes.toString('utf8'))).toEqual({ x: positions.map((p) => reviewAt(index, p)) });
      }),
    );
  });

  it('hashes each prefix of the list: a change inside a prefix changes its hash, one outside it does not', () => {
    expect(new Set(index.prefixHash).size).toBe(index.count + 1);
    const edited = indexOf(reviews.map((r) => (r.id === reviewId(3) ? { ...r, text: 'Edited.' } : r)));
    // reviewId(3) is the fourth newest: prefixes of up to three reviews keep their hash, longer ones change.
    expect(edited.prefixHash.slice(0, 4)).toEqual(index.prefixHash.slice(0, 4));
    for (let k = 4; k <= index.count; k += 1) expect(edited.prefixHash[k]).not.toBe(index.prefixHash[k]);
  });
});

describe('query folds diacritics on both sides (docs/interface.md, "Read endpoints")', () => {
  const folding = indexOf([
    review(1, { text: 'Tomás was on time.' }),
    review(2, { text: 'Tomas fixed the café lights.' }),
    review(3, { text: 'TOMÁS and the cafe\u0301 crew.' }),
    review(4, { text: 'Thomas came too.' }),
  ]);
  const dataset: ReviewsDataset = {
    business,
    aggregate_rating: { rating_value: 5, review_count: 4, best_rating: 5, worst_rating: 1 },
    reviews: [1, 2, 3, 4].map((n) => reviewAt(folding, folding.byId.get(reviewId(n)) as number)),
  } as ReviewsDataset;

  it.each([
    ['Tomas', [3, 2, 1]],
    ['Tomás', [3, 2, 1]],
    ['tomás was', [1]],
    ['cafe', [3, 2]],
    ['CAFÉ', [3, 2]],
    ['cafe\u0301 crew', [3]],
  ])('%s finds the same reviews on the fast path and in the reference', (query, expected) => {
    expect(search({ query }, folding).ids).toEqual(ids(...expected));
    expect(referenceSearch(dataset, { query, limit: 20 }).ids).toEqual(ids(...expected));
  });
});
