import { describe, expect, it } from 'vitest';
import { isQuotable, isWholeClause, splitSentences } from '../../../src/lib/insights/quotes.ts';

const texts = (t: string): string[] => splitSentences(t).map((s) => s.text);

describe('splitSentences', () => {
  it('cuts at terminal punctuation before a capital, keeps initials, prices and times inside', () => {
    expect(texts('Chris O. came out at 8:30 sharp. It cost $4.50 more. Wow!')).toEqual([
      'Chris O. came out at 8:30 sharp.',
      'It cost $4.50 more.',
      'Wow!',
    ]);
  });
  it('ends a sentence after a one-letter model name ("Model Y.") and at line breaks', () => {
    expect(texts('Installed a Wall Connector for my Model Y. The installer was quick\nGreat job')).toEqual([
      'Installed a Wall Connector for my Model Y.',
      'The installer was quick',
      'Great job',
    ]);
  });
  it('keeps the closing quote with its sentence and gives offsets into the text', () => {
    const text = 'He said "not our problem." Then he left.';
    const [first, second] = splitSentences(text);
    expect(first).toEqual({ text: 'He said "not our problem."', start: 0 });
    expect(text.slice(second!.start)).toBe('Then he left.');
  });
});

describe('isWholeClause: what a reader may be shown', () => {
  const review =
    'Mixed feelings. The electrician, Chris D., was great. But the window was 8 to 12 and he got here at 1:40 with no call from anybody. He told me the panel was fine.';
  it('accepts a whole sentence and a whole clause of five words or more', () => {
    expect(isWholeClause('But the window was 8 to 12 and he got here at 1:40 with no call from anybody.', review)).toBe(true);
    expect(isWholeClause('He told me the panel was fine.', review)).toBe(true);
  });
  it('refuses the fragments the issue found: "told me the", "Window was 8"', () => {
    expect(isWholeClause('told me the', review)).toBe(false);
    expect(isWholeClause('window was 8', review)).toBe(false);
    expect(isWholeClause('the window was 8 to 12', review)).toBe(false);
  });
  it('refuses a short sentence and text the review does not hold', () => {
    expect(isWholeClause('Mixed feelings.', review)).toBe(false);
    expect(isWholeClause('The electrician was great and on time.', review)).toBe(false);
  });
  it('quotes at a glance only: five words, at most 220 characters', () => {
    expect(isQuotable('Called on a Tuesday.')).toBe(false);
    expect(isQuotable('Called on a Tuesday, fixed by Friday.')).toBe(true);
    expect(isQuotable(`${'very '.repeat(50)}long.`)).toBe(false);
  });
});
