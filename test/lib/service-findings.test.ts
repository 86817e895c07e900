import { describe, expect, it } from 'vitest';
import { dedicatedCircuitsTold, tellsAmperageUpgrade, tellsCauseFound, tellsUpkeep } from '../../src/lib/service-findings.ts';

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

describe('jobs told in other words', () => {
  it('reads a cause told as a diagnosis ("the pump was fine, the timer was dead"; "the receptacle had melted")', () => {
    expect(tellsCauseFound('the pump stopped. he said the pump was fine, the timer motor was dead.')).toBe(true);
    expect(tellsCauseFound('burning smell from the outlet. the receptacle had melted.')).toBe(true);
    expect(tellsCauseFound('the lights kept flickering. it was a relief to have someone answer.')).toBe(false);
  });

  it('reads upkeep told in other words, and a visit to quote an upgrade that ended in "fine" as no upgrade', () => {
    expect(tellsUpkeep('tom changes the oil every spring')).toBe(true);
    expect(tellsUpkeep('tom installed the generator')).toBe(false);
    expect(tellsAmperageUpgrade('he came out to quote a 200 amp upgrade and said our 150 amp service was fine')).toBe(false);
    expect(tellsAmperageUpgrade('they did the 200 amp upgrade in a day')).toBe(true);
  });

  it('takes time linear in the text: 200 KB run-ons of the diagnosis, upkeep and circuit patterns', () => {
    const time = (text: string): number => {
      const start = performance.now();
      tellsCauseFound(text);
      tellsUpkeep(text);
      tellsAmperageUpgrade(text);
      dedicatedCircuitsTold(text);
      return performance.now() - start;
    };
    const runOn = (n: number) =>
      'the pump quit and ' +
      'the pump was fine and the old timer motor and its own 20 amp gfci and a new 240 and came out to quote a 200 amp and '.repeat(
        n / 115,
      );
    time(runOn(20_000)); // warm up
    expect(time(runOn(200_000))).toBeLessThan(250);
  });
});
