import { describe, expect, it } from 'vitest';
import { buildInsights } from '../../../src/lib/insights/index.ts';
import { InsightsSchema } from '../../../src/schemas/insights.ts';
import { INPUT, REVIEWS } from './fixture.ts';

const insights = buildInsights(INPUT);
const id = (n: number): string => `01HQ000000000000000000000${n}`;
/** VADER's normalisation of a summed valence, as the analyser applies it. */
const vader = (s: number, alpha = 15): number => s / Math.sqrt(s * s + alpha);
const r3 = (x: number): number => Math.round(x * 1000) / 1000;

describe('buildInsights on eight hand-checked reviews', () => {
  it('passes its own schema', () => {
    expect(() => InsightsSchema.parse(insights)).not.toThrow();
  });

  describe('header', () => {
    it('derives generated_at from the newest content date (an owner reply), not the clock', () => {
      expect(insights.generated_at).toBe('2024-03-22T00:00:00Z');
    });
    it('names the format, the model, the count and the date range', () => {
      expect(insights.version).toBe('1.1.0');
      expect(insights.model).toEqual({ name: 'harbor-absa-learned', version: '2.4.0' });
      expect(insights.review_count).toBe(8);
      expect(insights.date_range).toEqual({ earliest: '2023-11-30', latest: '2024-03-20' });
    });
  });

  describe('per_review', () => {
    it('has an entry for every review, the rating-only one with null sentiment and no aspects', () => {
      expect(Object.keys(insights.per_review).sort()).toEqual(REVIEWS.map((r) => r.id).sort());
      expect(insights.per_review[id(5)]).toMatchObject({ sentiment: null, aspects: [], problems: [] });
    });
    it('scores review 1 from its valences: on time 2×¾, great 2.6, spotless 2', () => {
      const r = insights.per_review[id(1)]!;
      expect(r.sentiment).toEqual({ score: r3(vader(1.5 + 2.6 + 2)), label: 'positive' });
      expect(r.aspects).toEqual([
        { id: 'punctuality', polarity: 'positive', score: r3(vader(2, 4)), evidence: 'Dale showed up on time' },
        { id: 'workmanship', polarity: 'positive', score: r3(vader(2.6, 4)), evidence: 'The panel looks great' },
        { id: 'cleanliness', polarity: 'positive', score: r3(vader(2, 4)), evidence: 'the cleanup was spotless' },
      ]);
      expect(r).toMatchObject({ technicians: ['Dale Hutchins'], services: ['panel-upgrade'], service_area: 'Tacoma', problems: [] });
    });
    it('weighs "not cheap, but worth every penny": (-2×0.74×0.5 + 2×1.5) / 1.5', () => {
      const pricing = insights.per_review[id(3)]!.aspects.find((a) => a.id === 'pricing')!;
      expect(pricing).toEqual({
        id: 'pricing',
        polarity: 'positive',
        score: r3(vader((-2 * 0.74 * 0.5 + 2 * 1.5) / 1.5, 4)),
        evidence: 'worth every penny',
      });
    });
    it('negates a negative cue: "no mess" is -1.5 × -0.74', () => {
      const clean = insights.per_review[id(8)]!.aspects.find((a) => a.id === 'cleanliness')!;
      expect(clean).toEqual({ id: 'cleanliness', polarity: 'positive', score: r3(vader(1.5 * 0.74, 4)), evidence: 'no mess' });
    });
    it('reads a bare "okay" price at three stars as neutral, as the corpus mostly labels "ok job, ok price" (and the rule layer agrees: 0.4 is under its 0.5 threshold)', () => {
      const [pricing, ...others] = insights.per_review[id(7)]!.aspects;
      expect(others).toEqual([]);
      expect(pricing).toMatchObject({ id: 'pricing', polarity: 'neutral', evidence: 'The price was okay' });
      // The layers agree (both neutral), so the score is the rule layer's vader(0.4), not the polarity model's.
      expect(pricing!.score).toBe(r3(vader(0.4, 4)));
      expect(insights.per_review[id(7)]!.sentiment).toEqual({ score: r3(vader(0.4)), label: 'positive' });
    });
    it('finds the area in the text when the review has none, and the problems it describes', () => {
      expect(insights.per_review[id(8)]!.service_area).toBe('Fife');
      expect(insights.per_review[id(4)]!.problems).toEqual(['tripping-breaker']);
    });
  });

  describe('overall_sentiment', () => {
    it('counts the seven written reviews: five positive, two negative', () => {
      const scores = Object.values(insights.per_review).flatMap((r) => (r.sentiment ? [r.sentiment.score] : []));
      expect(insights.overall_sentiment).toEqual({
        score: r3(scores.reduce((a, b) => a + b, 0) / 7),
        positive_pct: 71.4,
        neutral_pct: 0,
        negative_pct: 28.6,
        text_review_count: 7,
      });
    });
  });

  describe('aspects', () => {
    it('lists the taxonomy in order, unmentioned aspects with zeros', () => {
      expect(insights.aspects.map((a) => a.id)).toEqual(INPUT.aspects.map((a) => a.id));
      expect(insights.aspects.find((a) => a.id === 'safety')).toEqual({
        id: 'safety',
        label: 'Safety',
        mention_count: 0,
        positive_count: 0,
        neutral_count: 0,
        negative_count: 0,
        positive_pct: 0,
        score: 0,
        top_phrases: [],
        phrases: [],
        example_review_ids: [],
        reasons: [],
      });
    });
    it('counts pricing over reviews 2 (overcharged), 3 (worth every penny) and 7 (okay, neutral)', () => {
      const pricing = insights.aspects.find((a) => a.id === 'pricing')!;
      const scores = [2, 3, 7].map((n) => insights.per_review[id(n)]!.aspects.find((a) => a.id === 'pricing')!.score);
      expect(pricing).toEqual({
        id: 'pricing',
        label: 'Pricing',
        mention_count: 3,
        positive_count: 1,
        neutral_count: 1,
        negative_count: 1,
        positive_pct: 33.3,
        score: r3(scores.reduce((a, b) => a + b, 0) / 3),
        // Phrases keep their negator ("not cheap"); longer phrases first among equals.
        top_phrases: ['price was okay', 'worth every penny', 'not cheap', 'overcharged'],
        // The same phrases with the way they lean and how many reviews use each: praise is told from complaint.
        phrases: [
          { text: 'price was okay', polarity: 'positive', count: 1 },
          { text: 'worth every penny', polarity: 'positive', count: 1 },
          { text: 'not cheap', polarity: 'negative', count: 1 },
          { text: 'overcharged', polarity: 'negative', count: 1 },
        ],
        // The praise, the complaint, then the neutral report.
        example_review_ids: [id(3), id(2), id(7)],
        // "worth every penny" is one review's reason and "overcharged" another's: no reason two reviews give.
        reasons: [],
      });
    });
    it('counts cleanliness: spotless and "no mess" positive, "left a mess" negative', () => {
      expect(insights.aspects.find((a) => a.id === 'cleanliness')).toMatchObject({
        mention_count: 3,
        positive_count: 2,
        negative_count: 1,
        positive_pct: 66.7,
        example_review_ids: [id(1), id(8), id(4)],
        // "spotless" and "no mess" are one reason; "left a mess" is one review's, so not published.
        reasons: [
          {
            id: 'left-it-clean',
            label: 'they left the place clean',
            short_label: 'left it clean',
            polarity: 'positive',
            review_count: 2,
            review_ids: [id(1), id(8)],
            quotes: [
              { text: 'The panel looks great and the cleanup was spotless.', review_id: id(1) },
              { text: 'Quick response in Fife and no mess.', review_id: id(8) },
            ],
            concerns: 'company',
          },
        ],
      });
    });
  });

  describe('entities', () => {
    it('lists every roster technician, most mentioned first, ties by name', () => {
      expect(insights.entities.technicians.map((t) => [t.name, t.mention_count, t.average_rating])).toEqual([
        ['Dale Hutchins', 1, 5],
        ['Marcus Reyes', 1, 5],
        ['Priya Natarajan', 1, 4],
      ]);
      expect(insights.entities.technicians[2]!.top_aspects.map((a) => a.id)).toEqual(['professionalism', 'pricing']);
    });
    it('lists every catalogue service, unmentioned ones with nulls', () => {
      expect(insights.entities.services.at(-1)).toEqual({
        id: 'ev-charger-installation',
        label: 'EV charger installation',
        mention_count: 0,
        average_rating: null,
        sentiment: null,
        positive_count: 0,
        negative_count: 0,
        top_aspects: [],
        example_review_ids: [],
      });
    });
    it("says how many of an entity's reviews read positive and negative, not only their mean", () => {
      // Tripping breaker: review 4 ("They left a mess and the breaker kept tripping.", 1 star) reads negative.
      expect(insights.entities.problems[0]).toMatchObject({ mention_count: 1, positive_count: 0, negative_count: 1 });
      // Tacoma: review 1, positive; Fife: review 8, positive.
      expect(insights.entities.service_areas.map((a) => [a.name, a.positive_count, a.negative_count])).toEqual([
        ['Fife', 1, 0],
        ['Tacoma', 1, 0],
      ]);
    });
    it('lists the problems described and the service areas', () => {
      expect(insights.entities.problems.map((p) => [p.id, p.mention_count, p.average_rating])).toEqual([['tripping-breaker', 1, 1]]);
      expect(insights.entities.service_areas.map((a) => [a.name, a.mention_count])).toEqual([
        ['Fife', 1],
        ['Tacoma', 1],
      ]);
    });
  });

  describe('topics', () => {
    it('makes an experience of a reason two reviews give, in their words, and no job of a service one review names', () => {
      expect(insights.topics.map((t) => [t.kind, t.id, t.label, t.polarity, t.review_count, t.review_ids])).toEqual([
        ['experience', 'left-it-clean', 'left it clean', 'positive', 2, [id(1), id(8)]],
      ]);
      // Each quote is a whole sentence with the words that say the topic marked.
      expect(insights.topics[0]!.quotes).toEqual([
        { text: 'The panel looks great and the cleanup was spotless.', review_id: id(1), highlight: 'spotless' },
        { text: 'Quick response in Fife and no mess.', review_id: id(8), highlight: 'no mess' },
      ]);
    });
  });

  describe('temporal', () => {
    it('has every month from the first review to the last', () => {
      expect(insights.temporal.monthly.map((m) => [m.month, m.count, m.average_rating])).toEqual([
        ['2023-11', 1, 5],
        ['2023-12', 1, 3],
        ['2024-01', 2, 5],
        ['2024-02', 2, 2.5],
        ['2024-03', 2, 3.5],
      ]);
      // January: the rating-only review counts for the rating, not for the sentiment.
      expect(insights.temporal.monthly[2]!.sentiment).toBe(insights.per_review[id(6)]!.sentiment!.score);
    });
    it('reports insufficient data for a trend with less than twelve months', () => {
      expect(insights.temporal.trend).toMatchObject({
        direction: 'insufficient_data',
        previous: null,
        rating_change: null,
        recent: { from: '2023-11', to: '2024-03', count: 8, average_rating: 3.75 },
      });
    });
  });

  describe('faq', () => {
    it('answers each editorial question in order, citing reviews', () => {
      expect(insights.faq.map((f) => [f.id, f.review_ids])).toEqual([
        ['on-time', [id(1), id(2)]],
        ['ev', []],
        ['marcus', [id(6)]],
        ['complaints', []],
      ]);
      // One praise and one complaint: divided, both sides quoted as whole sentences.
      expect(insights.faq[0]!.answer).toBe(
        'Opinions are divided. Of the two reviews that mention punctuality, one praises it and one criticises it. ' +
          'On the good side: “Dale showed up on time.” On the other: “The electrician was late and they overcharged us for the breaker.”',
      );
      expect(insights.faq[1]!.answer).toBe("Yes: EV charger installation is one of Test Electric's services. No review describes one yet.");
      // A "what" question: no "Yes", and what the one review says of Marcus.
      expect(insights.faq[2]!.answer).toBe(
        'One review names Marcus Reyes, and what it says of Marcus most often is that they explained everything (one review). ' +
          'None of those reviews gives fewer than four stars.',
      );
      expect(insights.faq[3]!.answer).toBe('Two of the eight reviews give one or two stars, and no complaint recurs.');
    });
  });

  describe('summary and pull quote', () => {
    it('starts with the editorial intro, says counts in words and keeps each sentence with its reviews', () => {
      expect(insights.summary_sentences).toEqual([
        { text: 'Test Electric is a test business.', review_ids: [] },
        {
          // 5 of the 7 written reviews read positive: over half, "most"; 30 stars / 8 reviews = 3.75.
          text: 'The eight verified reviews since November 2023 give 3.8 stars on average, and most of the written ones read positive.',
          review_ids: [id(1), id(3), id(6), id(7), id(8)],
        },
        {
          // "they left the place clean": 2 of 7 written reviews, 29%: "many".
          text: 'Customers praise above all the cleanliness and the pricing: many say they left the place clean.',
          review_ids: expect.arrayContaining([id(1), id(8)]),
        },
        { text: 'No aspect of the work draws repeated criticism.', review_ids: [] },
        {
          text: 'In the last twelve months no aspect draws clearly more or fewer complaints than before; the owner answered none of the two one- and two-star reviews.',
          review_ids: [],
        },
      ]);
      expect(insights.summary).toBe(insights.summary_sentences.map((s) => s.text).join(' '));
      expect(insights.reply_rate).toEqual({ critical: 0, all: 0.125 });
    });
    it('quotes a real sentence of a five-star review', () => {
      expect(insights.pull_quote).toEqual({
        review_id: id(1),
        text: 'The panel looks great and the cleanup was spotless.',
        author: 'Test Author',
        rating: 5,
        date: '2024-03-20',
      });
      expect(REVIEWS[0]!.text).toContain(insights.pull_quote!.text);
    });
  });

  describe('determinism', () => {
    it('gives the same bytes twice', () => {
      expect(JSON.stringify(buildInsights(INPUT))).toBe(JSON.stringify(insights));
    });
    it('does not depend on the order of the reviews', () => {
      const shuffled = [...REVIEWS].reverse();
      [shuffled[1], shuffled[5]] = [shuffled[5]!, shuffled[1]!];
      expect(JSON.stringify(buildInsights({ ...INPUT, reviews: shuffled }))).toBe(JSON.stringify(insights));
    });
    it('handles no reviews at all', () => {
      const empty = buildInsights({ ...INPUT, reviews: [] });
      expect(InsightsSchema.parse(empty)).toMatchObject({
        generated_at: null,
        review_count: 0,
        pull_quote: null,
        date_range: { earliest: null, latest: null },
      });
      expect(empty.summary).toBe('Test Electric is a test business. No reviews have been published yet.');
      expect(empty.reply_rate).toEqual({ critical: null, all: null });
      expect(empty.entities.office).toEqual({ mention_count: 0, positive_count: 0, negative_count: 0, review_ids: [], reasons: [] });
    });
  });
});
