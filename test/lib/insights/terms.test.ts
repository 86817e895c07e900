import { describe, expect, it } from 'vitest';
import { extractTerms, stem } from '../../../src/lib/insights/terms.ts';
import { tokenize } from '../../../src/lib/insights/tokenize.ts';

describe('extractTerms', () => {
  // The caller excludes names and opinion words (see createAnalysisContext).
  const terms = (text: string): string[] => extractTerms(text, tokenize(text), new Set(['tomás', 'great'])).keys;

  it('cuts runs of content words into one- to three-word phrases keyed by stems', () => {
    expect(terms('Our EV charger kept tripping the breakers.')).toEqual(
      expect.arrayContaining(['ev', 'charger', 'ev charger', 'kept trip', 'trip', 'breaker', 'kept trip breaker']),
    );
  });
  it('lets "breakers tripped" and "breaker tripping" meet in one key', () => {
    expect(stem('tripped')).toBe(stem('tripping'));
    expect(stem('breakers')).toBe(stem('breaker'));
    expect(stem('wiring')).toBe(stem('wires'));
  });
  it('reads "failed the city inspection" as a "failed inspection" too', () => {
    expect(terms('We failed the city inspection.')).toEqual(
      expect.arrayContaining(['fail', 'inspection', 'fail city inspection', 'fail inspection']),
    );
  });
  it('keeps generic words, opinions and excluded names out, and weak words only inside a phrase', () => {
    const keys = terms('Tomás did a great job on the house, same day, and the work was done.');
    expect(keys).toEqual(['sam day']);
    expect(terms('Lost power for a day.')).toEqual(['lost power']);
  });
  it('remembers how each phrase was written, acronyms in capitals', () => {
    const text = 'Our EV charger works.';
    const { keys, surfaces } = extractTerms(text, tokenize(text), new Set());
    expect(surfaces[keys.indexOf('ev charger')]).toBe('EV charger');
  });
});
