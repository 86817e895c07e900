import type { ReviewResult } from '../analyse-review.ts';
import { compareText } from '../numbers.ts';
import { CANDIDATES, MAX_SHARE } from './tuning.ts';

/** A frequent phrase with the reviews (indices into the written reviews) that use it. */
export interface Candidate {
  key: string;
  words: readonly string[];
  docs: number[];
  bits: Uint32Array;
}

/** The most frequent phrases, neither rare nor everywhere, with their reviews. */
export function collectCandidates(texted: readonly ReviewResult[], df: ReadonlyMap<string, number>, minDocs: number): Candidate[] {
  const maxDocs = Math.max(minDocs, Math.floor(texted.length * MAX_SHARE));
  const words = Math.ceil(texted.length / 32);
  const byKey = new Map<string, Candidate>();
  const candidates = [...df]
    .filter(([, count]) => count >= minDocs && count <= maxDocs)
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .slice(0, CANDIDATES)
    .map(([key]) => {
      const c: Candidate = { key, words: key.split(' '), docs: [], bits: new Uint32Array(words) };
      byKey.set(key, c);
      return c;
    });
  texted.forEach((r, i) => {
    for (const key of r.terms.keys) {
      const c = byKey.get(key);
      if (!c) continue;
      c.docs.push(i);
      c.bits[i >>> 5]! |= 1 << (i & 31);
    }
  });
  return candidates;
}

/** Whether every word of the shorter phrase is in the longer one ("charger" in "ev charger"). */
export function nested(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((w) => long.includes(w));
}
