import { describe, expect, it } from 'vitest';
import { buildInsights } from '../../../src/lib/insights/index.ts';
import { REASON_CUES } from '../../../src/lib/insights/reasons/catalogue.ts';
import { createConcernFinder, createOfficeFinder } from '../../../src/lib/insights/reasons/concerns.ts';
import { InsightsSchema } from '../../../src/schemas/insights.ts';
import { reviewId } from '../../support/business.ts';
import { INPUT, review } from './fixture.ts';

/** Reviews of a business the catalogue has never seen: its reasons come from the same cues, its counts from its own reviews. */
const TEXTS: [number, string][] = [
  [5, 'The final invoice matched the quote to the dollar. Great crew.'],
  [5, 'Price was exactly what they quoted. Would hire again.'],
  [4, 'The bill matched the quote, and the new panel looks great.'],
  [1, 'Quoted $3,650 for a 200 amp upgrade. Final bill was $4,410 and nobody called me before adding it.'],
  [2, 'Got quoted $1,450 for an interlock kit. Final bill was $1,980 because of extra materials nobody mentioned first.'],
  [3, 'Priya did great work replacing our switches. Five stars for her. But the office charged my card twice for the job.'],
  [2, 'Marcus was polite and the wiring is fine. But the office charged my card twice and took weeks to refund it.'],
  [5, 'Dale was on time and explained everything clearly.'],
];
const insights = buildInsights({
  ...INPUT,
  reviews: TEXTS.map(([rating, text], i) =>
    review({ id: reviewId(i + 1), rating, date: `2025-0${(i % 9) + 1}-10`, text, technicians: [] }),
  ),
});

describe("reasons: an aspect's evidence grouped as customers put it", () => {
  const pricing = insights.aspects.find((a) => a.id === 'pricing')!;
  it('passes the schema', () => {
    expect(() => InsightsSchema.parse(insights)).not.toThrow();
  });
  it('tells "the bill matched the quote" from "the final bill came in above the quote without a call"', () => {
    const matched = pricing.reasons.find((r) => r.id === 'bill-matched-quote');
    const above = pricing.reasons.find((r) => r.id === 'bill-above-quote');
    expect(matched).toMatchObject({ label: 'the bill matched the quote', polarity: 'positive', review_count: 3 });
    expect(new Set(matched!.review_ids)).toEqual(new Set([reviewId(1), reviewId(2), reviewId(3)]));
    expect(above).toMatchObject({ polarity: 'negative', review_count: 2, concerns: 'company' });
    expect(new Set(above!.review_ids)).toEqual(new Set([reviewId(4), reviewId(5)]));
    // Its quotes are the sentences that say it, whole: not the quote alone ("Quoted $3,650 for a 200 amp upgrade.").
    expect(above!.quotes.map((q) => q.text).sort()).toEqual([
      'Final bill was $1,980 because of extra materials nobody mentioned first.',
      'Final bill was $4,410 and nobody called me before adding it.',
    ]);
  });
  it("keeps every reason's reviews among the aspect's reviews of that polarity", () => {
    for (const aspect of insights.aspects) {
      for (const reason of aspect.reasons) {
        expect(reason.review_ids).toHaveLength(reason.review_count);
        for (const id of reason.review_ids) {
          expect(insights.per_review[id]!.aspects.find((a) => a.id === aspect.id)?.polarity).toBe(reason.polarity);
        }
        expect(reason.quotes.length).toBeGreaterThanOrEqual(Math.min(2, reason.review_count));
        expect(reason.quotes.length).toBeLessThanOrEqual(3);
      }
    }
  });
  it('makes the office an entity: "Five stars for her. But the office charged my card twice"', () => {
    expect(insights.entities.office).toMatchObject({ mention_count: 2, negative_count: 2, positive_count: 0 });
    expect(new Set(insights.entities.office.review_ids)).toEqual(new Set([reviewId(6), reviewId(7)]));
  });
});

describe('whom a sentence concerns', () => {
  const concerns = createConcernFinder(INPUT.technicians, createOfficeFinder([], INPUT.technicians, INPUT.serviceAreas));
  it('blames the office in the sentence that names it, praises the technician in the one that points at her', () => {
    expect(concerns.of('But the office charged my card twice for the job.', ['Priya Natarajan'])).toBe('office');
    expect(concerns.of('Five stars for her.', ['Priya Natarajan'])).toBe('Priya Natarajan');
    expect(concerns.of('The dispatcher was rude.', [])).toBe('office');
    expect(concerns.of('The woman who answered was short with me.', [])).toBe('office');
    expect(concerns.of('Marc was great.', ['Marcus Reyes'])).toBe('Marcus Reyes');
  });
  it('knows the office by its people on the phone, its scheduling and a sentence it opens', () => {
    expect(concerns.of('Office blamed the system.', [])).toBe('office');
    expect(concerns.of('The guy on the phone told me a 2 hour window and it was 4.', [])).toBe('office');
    expect(concerns.of('Whoever picks up the phone just takes a message.', [])).toBe('office');
    expect(concerns.of('The scheduling is a mess.', [])).toBe('office');
    expect(concerns.of('One star off for the wait on the phone, 20 min on hold.', [])).toBe('office');
    expect(concerns.of('The after hours number got me to someone who came at 7.', [])).toBe('office');
    expect(concerns.of('Office lights in the garage look great.', [])).toBe('company');
  });
  it("leaves the customer's own office and unnamed work to the company", () => {
    expect(concerns.of('They wired my home office and the garage.', [])).toBe('company');
    expect(concerns.of('The crew did a neat job.', ['Priya Natarajan', 'Dale Hutchins'])).toBe('company');
  });
});

describe('the office staff the owner lists', () => {
  const staff = [
    { name: 'Madison Crowe', role: 'Scheduler', aliases: [] },
    { name: 'Faith Ortega', role: 'Billing', aliases: ['Fay'] },
    { name: 'Belén Ortiz', role: 'Dispatcher', aliases: [] },
    // Shares a first name with the technician Marcus Reyes's alias "Marc": the technicians keep it.
    { name: 'Marc Devlin', role: 'Office manager', aliases: [] },
  ];
  const areas = [...INPUT.serviceAreas, { name: 'Madison', aliases: [] }, { name: 'Belen', aliases: [] }];
  const office = createOfficeFinder(staff, INPUT.technicians, areas);
  const concerns = createConcernFinder(INPUT.technicians, office);
  it('reads a sentence that names one of them as about the office', () => {
    expect(office.mentions('Madison fit us in on a Friday.')).toBe(true);
    expect(office.mentions('Thank you Madison for fitting us in the same day.')).toBe(true);
    expect(office.mentions('Fay refunded it when I called.')).toBe(true);
    expect(office.mentions('Belen me dio cita para el mismo día.')).toBe(true);
    expect(office.mentions('Belén me dio cita para el mismo día.')).toBe(true);
    expect(office.mentions('i called and faith ortega sorted the bill out.')).toBe(true);
    expect(concerns.of('Madison scheduled me for a day I said I was out of town.', ['Priya Natarajan'])).toBe('office');
  });
  it('not a name used as a word, a listed town after a word of place, or a name a technician goes by', () => {
    expect(office.mentions('We kept the faith and it paid off.')).toBe(false);
    expect(office.mentions('They drove all the way out to our place in Madison.')).toBe(false);
    expect(office.mentions('Soy de Belén y vine a trabajar.')).toBe(false);
    expect(office.mentions('Marc was great.')).toBe(false);
    expect(concerns.of('Marc was great.', ['Marcus Reyes'])).toBe('Marcus Reyes');
    expect(createOfficeFinder([], INPUT.technicians, areas).mentions('Madison fit us in on a Friday.')).toBe(false);
  });
  it('counts the review in the office entity', () => {
    const text = 'Marcus did fine work. Faith billed us twice and never fixed it.';
    const billedTwice = review({ id: reviewId(1), rating: 2, date: '2025-03-10', text, technicians: ['Marcus Reyes'] });
    const insights = buildInsights({
      ...INPUT,
      serviceAreas: areas,
      officeStaff: staff,
      reviews: [billedTwice],
    });
    expect(insights.entities.office).toMatchObject({ mention_count: 1, negative_count: 1 });
    const without = buildInsights({ ...INPUT, serviceAreas: areas, reviews: [billedTwice] });
    expect(without.entities.office.mention_count).toBe(0);
  });
});

describe('a wait told with the chasing it took', () => {
  const waits = buildInsights({
    ...INPUT,
    reviews: [
      'Work itself was fine. But getting the quote took two weeks and several follow-up emails.',
      'Good electrician, but it took three weeks to get a quote out of them.',
      'Left three voicemails and nobody ever called me back.',
      'Sent two messages through the website and got no response at all.',
      'They booked us two weeks out and then never called me back to confirm.',
    ].map((text, i) => review({ id: reviewId(i + 1), rating: 2, date: `2025-0${i + 1}-10`, text, technicians: [] })),
  });
  const reasons = waits.aspects.find((a) => a.id === 'responsiveness')!.reasons;
  it('is a long wait when the sentence says how long; unanswered calls when it says that nobody answered', () => {
    expect(new Set(reasons.find((r) => r.id === 'long-wait')?.review_ids)).toEqual(new Set([reviewId(1), reviewId(2)]));
    expect(new Set(reasons.find((r) => r.id === 'no-callback')?.review_ids)).toEqual(new Set([reviewId(3), reviewId(4), reviewId(5)]));
  });
});

describe('the reason catalogue', () => {
  it("names no review, business, person or place: cues in the trade's words, unique ids, clause labels", () => {
    const ids = REASON_CUES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const names = /harbor|pine|marcus|priya|dale|tom[aá]s|sofia|kenji|chris|tacoma|puyallup|\$\d/i;
    for (const cue of REASON_CUES) {
      expect(cue.label).not.toMatch(names);
      expect(cue.pattern.source).not.toMatch(names);
      if (cue.opposite) expect(REASON_CUES.find((c) => c.id === cue.opposite)?.polarity).not.toBe(cue.polarity);
    }
  });
  it('matches whole words only: "wiped" is not in "swiped"', () => {
    const clean = REASON_CUES.find((c) => c.id === 'left-it-clean')!;
    expect(clean.pattern.test('a package got swiped off our porch')).toBe(false);
    expect(clean.pattern.test('he wiped the dust off the mantel')).toBe(true);
  });
});
