/**
 * How the summary says a count: in words, with the thresholds fixed here and
 * nowhere else (docs/insights.md, "How the summary says counts"). The share is
 * of the reviews the sentence is about (the written reviews, or those that
 * mention an aspect).
 */
export type Quantifier = 'most' | 'many' | 'some' | 'a few';

/** Over half is "most"; a quarter to a half "many"; a tenth to a quarter "some"; fewer "a few". */
export const QUANTIFIER_THRESHOLDS = { most: 0.5, many: 0.25, some: 0.1 } as const;
/** "A few" needs at least this many reviews: one review is an anecdote, and the summary does not generalise it. */
export const MIN_FEW = 2;

/** The word for `part` of `whole`, or null when there is nothing to say (fewer than two, or an empty whole). */
export function quantifier(part: number, whole: number): Quantifier | null {
  if (whole <= 0 || part < MIN_FEW) return null;
  const share = part / whole;
  if (share > QUANTIFIER_THRESHOLDS.most) return 'most';
  if (share >= QUANTIFIER_THRESHOLDS.many) return 'many';
  if (share >= QUANTIFIER_THRESHOLDS.some) return 'some';
  return 'a few';
}
