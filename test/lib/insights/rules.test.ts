import { describe, expect, it } from 'vitest';
import { analyseText } from '../../../src/lib/insights/analyse-text.ts';
import { compileDictionary } from '../../../src/lib/insights/dictionary.ts';
import { ASPECTS } from './fixture.ts';

const dictionary = compileDictionary(ASPECTS, ['Marcus Reyes', 'Marcus', 'Priya']);

/** aspect id → polarity, for a text in a review with the given stars. */
function polarities(text: string, rating = 3): Record<string, string> {
  return Object.fromEntries(analyseText(text, rating, dictionary).aspects.map((a) => [a.id, a.polarity]));
}

function aspect(text: string, id: string, rating = 3) {
  return analyseText(text, rating, dictionary).aspects.find((a) => a.id === id);
}

describe('aspect-based polarity rules', () => {
  describe('negation', () => {
    it('flips a negative cue: "never late" is praise', () => {
      expect(polarities('He was never late.')).toEqual({ punctuality: 'positive' });
    });
    it('flips a positive cue: "not cheap" is a pricing complaint', () => {
      expect(polarities('It was not cheap.')).toEqual({ pricing: 'negative' });
    });
    it('turns an absent service into a complaint: "never called back"', () => {
      expect(polarities('They never called back.')).toEqual({ responsiveness: 'negative' });
    });
    it('reaches over a few words ("not a speck of drywall dust")', () => {
      expect(polarities('Not a speck of drywall dust anywhere.')).toEqual({ cleanliness: 'positive' });
    });
    it('stops at "and": "didn\'t explain and was rude" is two complaints', () => {
      expect(polarities("He didn't explain anything and was rude.")).toEqual({ communication: 'negative', professionalism: 'negative' });
    });
    it('does not flip a superlative: "never had such a polite electrician"', () => {
      expect(polarities("I've never had such a polite electrician.")).toEqual({ professionalism: 'positive' });
    });
  });

  describe('contrast', () => {
    it('splits "great work but pricey" into two opinions', () => {
      expect(polarities('Great work but pricey.')).toEqual({ workmanship: 'positive', pricing: 'negative' });
    });
    it('lets the clause after "but" win for one aspect: "not cheap, but worth every penny"', () => {
      expect(polarities('Not cheap, but worth every penny.')).toEqual({ pricing: 'positive' });
    });
    it('keeps the sign of a lone concessive clause ("although a bit pricey, ...")', () => {
      expect(polarities('Although a bit pricey, the work was excellent.')).toEqual({ pricing: 'negative', workmanship: 'positive' });
    });
    it('weights the review sentiment towards what follows "but"', () => {
      const before = analyseText('Great work but pricey.', 3, dictionary).sentiment;
      const after = analyseText('Pricey but great work.', 3, dictionary).sentiment;
      expect(before).toBeLessThan(0);
      expect(after).toBeGreaterThan(0);
    });
  });

  describe('implicit cues', () => {
    it('reads a kept clock time as punctuality', () => {
      expect(polarities('Showed up at 8 sharp.')).toEqual({ punctuality: 'positive' });
    });
    it('reads hours of waiting as lateness', () => {
      expect(polarities('We waited three hours for him.')).toEqual({ punctuality: 'negative' });
    });
    it('reads "within the hour" as responsiveness', () => {
      expect(polarities('They came out within the hour.')).toEqual({ responsiveness: 'positive' });
    });
    it('reads weeks of delay as slow responsiveness', () => {
      expect(polarities('It took three weeks to get a call back.')).toEqual({ responsiveness: 'negative' });
    });
    it('reads "knew what he was doing" as technical knowledge', () => {
      expect(polarities('Marcus knew exactly what he was doing.')).toEqual({ technical_knowledge: 'positive' });
    });
    it('reads a dollar amount as a pricing mention', () => {
      expect(aspect('They charged $450.', 'pricing')).toBeDefined();
    });
    it('reads praise of an installed object as workmanship', () => {
      expect(polarities('The new lights look amazing.')).toEqual({ workmanship: 'positive' });
    });
    it('does not blame the business for the fault it came to fix', () => {
      expect(polarities('The outlet was broken.')).toEqual({});
      expect(polarities('The outlet he replaced is still broken.')).toEqual({ workmanship: 'negative' });
    });
    it('does not read a date as punctuality ("early August", "my late mom")', () => {
      expect(polarities('We called in early August about my late mom’s house.')).toEqual({});
    });
    it('ignores what is said about another company', () => {
      expect(polarities('Our previous electrician was rude and never called back.')).toEqual({});
    });
  });

  describe('intensifiers and hedges', () => {
    it('a booster strengthens the opinion', () => {
      expect(aspect('They were very polite.', 'professionalism')!.score).toBeGreaterThan(
        aspect('They were polite.', 'professionalism')!.score,
      );
    });
    it('a hedge weakens it but keeps its direction', () => {
      const hedged = aspect('It was a bit pricey.', 'pricing')!;
      expect(hedged.polarity).toBe('negative');
      expect(hedged.score).toBeGreaterThan(aspect('It was pricey.', 'pricing')!.score);
    });
    it('a weak word stays neutral: "the price was okay"', () => {
      expect(polarities('The price was okay.')).toEqual({ pricing: 'neutral' });
    });
    it('a counterfactual turns praise into a complaint', () => {
      expect(polarities('I wish they had cleaned up.')).toEqual({ cleanliness: 'negative' });
    });
    it('a repair verb neutralises the fault it fixed', () => {
      expect(polarities('Priya tracked down a bad neutral.')).toEqual({ technical_knowledge: 'positive' });
    });
  });

  describe('falling back to the stars', () => {
    it('gives a bare mention the direction of the rating', () => {
      expect(aspect('The quote was $2,400.', 'pricing', 5)!.polarity).toBe('positive');
      expect(aspect('The quote was $2,400.', 'pricing', 1)!.polarity).toBe('negative');
      expect(aspect('The quote was $2,400.', 'pricing', 3)!.polarity).toBe('neutral');
    });
  });

  describe('evidence', () => {
    const texts = [
      'Dale showed up on time and explained everything clearly, but the bill was higher than the quote.',
      'Tomás was friendly; however he showed up two hours late without calling. The fan installation is perfect though.',
      'Not a speck of drywall dust anywhere after they fished wires through three walls. How?',
      'No mess, no dust — and they didn’t charge for the second visit!',
    ];
    it.each(texts)('is a verbatim substring of the review: %s', (text) => {
      const found = analyseText(text, 4, dictionary).aspects;
      expect(found.length).toBeGreaterThan(0);
      for (const a of found) {
        expect(text).toContain(a.evidence);
        expect(a.evidence).toBe(a.evidence.trim());
      }
    });
    it('is the part of the sentence about the aspect', () => {
      const found = analyseText('He was never late and the price was not cheap.', 3, dictionary).aspects;
      expect(found.map((a) => a.evidence)).toEqual(['He was never late', 'the price was not cheap']);
    });
  });

  describe('review sentiment', () => {
    it('follows VADER: s / sqrt(s² + 15) of the summed valences', () => {
      // "great" is 2.6; "work" is a weak cue with no valence of its own.
      expect(analyseText('Great work.', 3, dictionary).sentiment).toBeCloseTo(2.6 / Math.sqrt(2.6 ** 2 + 15), 6);
    });
    it('is 0 for a text with no opinion', () => {
      expect(analyseText('We had a breaker replaced on Tuesday.', 3, dictionary).sentiment).toBe(0);
    });
  });
});
