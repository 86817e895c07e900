import type { ReviewResult } from './analyse-review.ts';

/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "1 review", "3 reviews". */
export function count(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}

/** Lower-cases a label's first letter for use mid-sentence, but keeps acronyms: "EV charger installation". */
export function inSentence(label: string): string {
  return /^\p{Lu}\p{Ll}/u.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

export function stars(value: number | null): string {
  return value === null ? 'no rating' : `${value.toFixed(2)} stars`;
}

/** Evidence short enough to quote in a sentence. */
const QUOTABLE = { min: 12, max: 140 };

/**
 * The strongest quotable evidence for an aspect with the given polarity;
 * ties go to the newer review (results arrive newest first).
 */
export function quoteEvidence(
  results: readonly ReviewResult[],
  aspect: string,
  polarity: 'positive' | 'negative',
): { id: string; text: string } | null {
  let best: { id: string; text: string; strength: number } | null = null;
  for (const r of results) {
    const found = r.analysis.aspects.find((a) => a.id === aspect && a.polarity === polarity);
    if (!found || found.evidence.length < QUOTABLE.min || found.evidence.length > QUOTABLE.max) continue;
    const strength = Math.abs(found.score);
    if (best === null || strength > best.strength) best = { id: r.review.id, text: found.evidence, strength };
  }
  return best && { id: best.id, text: best.text };
}
