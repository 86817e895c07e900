import { describe, expect, it } from 'vitest';
import { englishTradeWords } from '../../src/lib/spanish-trade-words.ts';

describe('Spanish trade words read in English', () => {
  it("puts trade nouns, job verbs and a noun's adjective into English, and words of grammar only in a Spanish review", () => {
    expect(englishTradeWords('chuy cambió el panel viejo y puso luces afuera.')).toBe(
      'chuy replaced the old panel and put in outside lights.',
    );
    expect(englishTradeWords('le puso su propio circuito al microondas')).toBe('le put in its own circuit al microondas');
    // One Spanish trade word in an English review: the word is read, the review's own "el" and "y" are not touched.
    expect(englishTradeWords('mark fixed the enchufe on el camino street')).toBe('mark fixed the outlet on el camino street');
  });

  it('returns an English review as it is', () => {
    const text = 'mark replaced the panel and the outlets in the kitchen.';
    expect(englishTradeWords(text)).toBe(text);
  });

  it('takes time linear in the text: a 200 KB run-on Spanish review', () => {
    const time = (n: number): number => {
      const text = 'el breaker se botaba y chuy cambió los enchufes viejos y la luz del portal '.repeat(n / 75);
      const start = performance.now();
      englishTradeWords(text);
      return performance.now() - start;
    };
    time(20_000); // warm up
    expect(time(200_000)).toBeLessThan(250);
  });
});
