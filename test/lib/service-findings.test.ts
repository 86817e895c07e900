import { describe, expect, it } from 'vitest';
import { tellsCauseFound } from '../../src/lib/service-findings.ts';

describe('a cause told after a symptom', () => {
  it('is found when it "turned out" to be something, and not when the customer found it', () => {
    expect(tellsCauseFound('the lights kept flickering and it turned out the neutral was loose in the panel')).toBe(true);
    expect(tellsCauseFound('the lights kept flickering and it turned out, as i found myself, to be the bulb')).toBe(false);
  });

  it('takes time linear in the text: a 200 KB run-on sentence of "turned out" ending in "i found"', () => {
    const time = (n: number): number => {
      const text = 'the lights flicker ' + 'and it turned out ok and '.repeat(n / 25) + ' i found it';
      const start = performance.now();
      tellsCauseFound(text);
      return performance.now() - start;
    };
    time(20_000); // warm up
    // Unbounded look-aheads made this quadratic: 88 KB took 665 ms, so 200 KB would take seconds.
    expect(time(200_000)).toBeLessThan(250);
  });
});
