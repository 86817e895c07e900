import { describe, expect, it } from 'vitest';
import { otherPartyMask } from '../../../src/lib/insights/attribution.ts';
import { tokenize } from '../../../src/lib/insights/tokenize.ts';

/** The words of `text` the mask marks as someone else's, joined by spaces. */
function marked(text: string): string {
  const tokens = tokenize(text);
  const mask = otherPartyMask(tokens);
  return tokens
    .filter((t, i) => mask[i] === 1 && t.kind === 'word')
    .map((t) => text.slice(t.start, t.end))
    .join(' ');
}

describe('the words that speak of someone else (attribution.ts)', () => {
  it('marks another party as a subject, to the end of its clause', () => {
    expect(marked("Tomás worked around our deck builder's schedule even when the deck guy was two days late. Great job.")).toBe(
      'the deck guy was two days late',
    );
    expect(marked("They refused. Other guys would've just done it.")).toBe("Other guys would've just done it");
    expect(marked('Previous owners had wired it to a motion sensor, and they fixed it in an hour.')).toBe(
      'Previous owners had wired it to a motion sensor',
    );
  });

  it("marks the customer's own account and idioms", () => {
    expect(marked('The old fixtures were from the 1960s and nearly impossible to reach. Marcus gave us a quote.')).toBe(
      'The old fixtures were from the 1960s and nearly impossible to reach',
    );
    expect(marked("Lost power for three days and swore I'd never do that again.")).toBe("swore I'd never do that again");
    expect(marked("Over the holidays! I don't know how these guys do it.")).toBe("don't know how these guys do it");
    expect(marked("I'd already flipped every breaker twice, then Chris found it.")).toBe("I'd already flipped every breaker twice");
  });

  it("leaves this business, its comparisons, its findings and the inspector's verdict on its work unmarked", () => {
    expect(marked('The electrician was late and the crew left a mess.')).toBe('');
    // The comparison stays; only the other party's own clause is marked.
    expect(marked('Half the price the other company wanted, and cheaper than the other company was.')).toBe('the other company wanted');
    expect(marked('She caught that my previous contractor had put 20 amp receptacles on a 15 amp circuit.')).toBe('');
    expect(marked('The inspector said it was one of the neatest jobs he had seen.')).toBe('');
  });
});
