import type { CueKind } from './aspect-cues.ts';
import type { ReviewResult } from './analyse-review.ts';

/**
 * How well one review's evidence illustrates a claim about an aspect ("customers
 * praise punctuality"): 0 when it does not, else higher for
 * - a stronger opinion of the aspect (the review's aspect score);
 * - a cue that judges the aspect by itself ("right on time", "overcharged")
 *   over an opinion word that merely sits next to a cue ("efficient once they
 *   showed up" praises the efficiency, not the punctuality);
 * - stars that agree (a complaint in a five-star review is rarely the point);
 * - short, self-contained evidence over a long one or a fragment that opens
 *   with "once", "because", "but".
 */
export function exampleStrength(result: ReviewResult, aspect: string, polarity: 'positive' | 'negative'): number {
  const found = result.analysis.aspects.find((a) => a.id === aspect);
  if (!found || found.polarity !== polarity) return 0;
  const cue = result.cues.get(found.id);
  const kind = cue ? KIND_FACTOR[cue.kind] : 0.6;
  const stars = (polarity === 'positive' ? POSITIVE_STARS : NEGATIVE_STARS)[result.review.rating] ?? 0.5;
  return Math.abs(found.score) * kind * stars * lengthFactor(found.evidence) * (FRAGMENT.test(found.evidence) ? 0.6 : 1);
}

/** A cue that carries its own opinion is the clearest illustration; an event cue with a nearby opinion the weakest. */
const KIND_FACTOR: Record<CueKind, number> = { '+': 1, '-': 1, '0': 0.85, w: 0.7, o: 0.65, e: 0.5 };
const POSITIVE_STARS: Record<number, number> = { 5: 1, 4: 0.9, 3: 0.6, 2: 0.35, 1: 0.25 };
const NEGATIVE_STARS: Record<number, number> = { 1: 1, 2: 1, 3: 0.8, 4: 0.5, 5: 0.3 };
/** Evidence that starts mid-thought needs the sentence before it. */
const FRAGMENT = /^(?:once|because|but|and|or|so|which|who|when|while|although|though|if|until|after|before|since|then|also)\b/i;
/** Up to this many characters a quote reads at a glance; longer ones weigh less. */
const SHORT = 70;

function lengthFactor(evidence: string): number {
  return evidence.length <= SHORT ? 1 : Math.sqrt(SHORT / evidence.length);
}

interface Ranked {
  id: string;
  text: string;
  strength: number;
}

/** Rankings per results array, aspect and polarity: the FAQ and the aspect summaries ask for the same ones. */
const cache = new WeakMap<readonly ReviewResult[], Map<string, Ranked[]>>();

/** Every review whose evidence illustrates the aspect with the polarity, best first; ties go to the newer review (results arrive newest first). */
function ranked(results: readonly ReviewResult[], aspect: string, polarity: 'positive' | 'negative'): Ranked[] {
  let byKey = cache.get(results);
  if (!byKey) {
    byKey = new Map();
    cache.set(results, byKey);
  }
  const key = `${aspect} ${polarity}`;
  let list = byKey.get(key);
  if (!list) {
    const found: (Ranked & { i: number })[] = [];
    results.forEach((r, i) => {
      const strength = exampleStrength(r, aspect, polarity);
      if (strength > 0) found.push({ id: r.review.id, text: r.analysis.aspects.find((a) => a.id === aspect)!.evidence, strength, i });
    });
    list = found.sort((a, b) => b.strength - a.strength || a.i - b.i).map(({ id, text, strength }) => ({ id, text, strength }));
    byKey.set(key, list);
  }
  return list;
}

/** The reviews that best illustrate the aspect with the given polarity, best first. */
export function bestExamples(results: readonly ReviewResult[], aspect: string, polarity: 'positive' | 'negative', limit: number): string[] {
  return ranked(results, aspect, polarity)
    .slice(0, limit)
    .map((e) => e.id);
}
