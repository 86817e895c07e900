import { describe, expect, it } from 'vitest';
import { analyseReview, createAnalysisContext } from '../../../src/lib/insights/analyse-review.ts';
import { bestExamples, exampleStrength } from '../../../src/lib/insights/examples.ts';
import { buildInsights } from '../../../src/lib/insights/index.ts';
import { compareNewestFirst } from '../../../src/lib/order.ts';
import { INPUT, review } from './fixture.ts';

/**
 * Reviews about punctuality, newest first. The strongest aspect score belongs
 * to "efficient once they showed up" (an opinion word next to an event cue),
 * which praises the efficiency, not the punctuality; "right on time" judges
 * punctuality by itself.
 */
const REVIEWS = [
  review({ id: 'efficient', rating: 5, date: '2024-06-30', text: 'The crew was efficient once they showed up.' }),
  review({ id: 'on-time', rating: 5, date: '2024-06-20', text: 'Dale was right on time and the panel looks great.' }),
  review({ id: 'never-late', rating: 4, date: '2024-06-10', text: 'He was never late. Good work overall.' }),
  review({
    id: 'long-late',
    rating: 2,
    date: '2024-06-05',
    text: 'He showed up two hours late on the day that we had taken off work specially for this appointment and had to rearrange everything.',
  }),
  review({ id: 'late', rating: 1, date: '2024-05-30', text: 'He showed up late.' }),
  review({
    id: 'late-5-stars',
    rating: 5,
    date: '2024-05-20',
    text: 'They were a bit late but the work is flawless and the price was fair.',
  }),
  review({ id: 'late-again', rating: 2, date: '2024-05-10', text: 'The electrician arrived late again.' }),
];

const input = {
  ...INPUT,
  reviews: REVIEWS,
  editorial: {
    ...INPUT.editorial,
    faq: [{ id: 'on-time', question: 'Do they show up on time?', about: { kind: 'aspect' as const, id: 'punctuality' as const } }],
  },
};
const insights = buildInsights(input);
const context = createAnalysisContext(INPUT.aspects, INPUT.technicians, INPUT.serviceAreas);
const results = [...REVIEWS].sort(compareNewestFirst).map((r) => analyseReview(r, context));

describe('example selection', () => {
  it('the analysis does score "efficient once they showed up" higher than "right on time": the scores alone would pick it', () => {
    const score = (id: string): number => insights.per_review[id]!.aspects.find((a) => a.id === 'punctuality')!.score;
    expect(score('efficient')).toBeGreaterThan(score('on-time'));
  });

  it('prefers a cue that judges the aspect by itself', () => {
    const strength = (id: string): number =>
      exampleStrength(
        results.find((r) => r.review.id === id)!,
        'punctuality',
        'positive',
      );
    expect(strength('on-time')).toBeGreaterThan(strength('efficient'));
    expect(bestExamples(results, 'punctuality', 'positive', 1)).toEqual(['on-time']);
  });

  it('prefers short evidence, and stars that agree with a complaint', () => {
    // The long two-hours story scores as high as "arrived late again" but reads worse;
    // "a bit late" in a five-star review is hardly the point of that review.
    expect(bestExamples(results, 'punctuality', 'negative', 4)).toEqual(['late-again', 'late', 'long-late', 'late-5-stars']);
  });

  it('gives nothing for a polarity the review does not have', () => {
    expect(
      exampleStrength(
        results.find((r) => r.review.id === 'late')!,
        'punctuality',
        'positive',
      ),
    ).toBe(0);
    expect(
      exampleStrength(
        results.find((r) => r.review.id === 'late')!,
        'pricing',
        'negative',
      ),
    ).toBe(0);
  });

  it('quotes the whole sentences of the best praise and the best complaint in the FAQ answer and cites them first', () => {
    const faq = insights.faq[0]!;
    expect(faq.answer).toContain('On the good side: “Dale was right on time and the panel looks great.”');
    expect(faq.answer).toContain('On the other: “The electrician arrived late again.”');
    expect(faq.review_ids.slice(0, 2)).toEqual(['on-time', 'late-again']);
  });

  it('uses the same ranking for the aspect examples: two praises, then the complaint', () => {
    const punctuality = insights.aspects.find((a) => a.id === 'punctuality')!;
    expect(punctuality.example_review_ids).toEqual(['on-time', 'never-late', 'late-again']);
  });

  it('lists the phrases that carry the opinion, with their negators and verbs, not bare words', () => {
    const punctuality = insights.aspects.find((a) => a.id === 'punctuality')!;
    expect(punctuality.top_phrases).toEqual(
      expect.arrayContaining(['right on time', 'never late', 'showed up late', 'showed up two hours late']),
    );
    expect(punctuality.top_phrases).not.toContain('late');
    expect(punctuality.top_phrases).not.toContain('showed up');
  });

  it('counts a bare word with a longer phrase that leans the same way, never with one that negates it', () => {
    const punctuality = insights.aspects.find((a) => a.id === 'punctuality')!;
    // "a bit late" (the hedge does not make another phrase) joins "arrived late again", not "never late".
    expect(punctuality.top_phrases[0]).toBe('arrived late again');
  });
});
