import type { ReviewResult } from '../analyse-review.ts';
import { compareText } from '../numbers.ts';
import type { Candidate } from './candidates.ts';
import type { Evidence } from './membership.ts';
import { LABEL_PRECISION, PLURAL_SHARE, PROMOTE_DOMINANCE, PROMOTE_SHARE } from './tuning.ts';

/** A phrase as a label candidate: the theme's reviews that use it and how they spell it. */
export interface LabelPhrase {
  key: string;
  words: readonly string[];
  docs: Set<number>;
  surfaces: Map<string, number>;
  score: number;
}

/**
 * Every phrase the theme's reviews use that contains a theme word, with
 * enough of the theme's reviews and mostly inside it, best first:
 * reviews covered × share inside the theme, longer phrases weighing more.
 * Rarer phrases than the candidates qualify, so "tripping breakers" can name
 * a theme found through "tripping" and "breaker".
 */
export function labelPhrases(
  terms: readonly Candidate[],
  members: readonly Evidence[],
  texted: readonly ReviewResult[],
  df: ReadonlyMap<string, number>,
  minDocs: number,
): LabelPhrase[] {
  const themeWords = new Set(terms.flatMap((t) => t.words));
  const found = new Map<string, LabelPhrase>();
  for (const { doc } of members) {
    const { keys, surfaces } = texted[doc]!.terms;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      let p = found.get(key);
      if (!p) {
        const words = key.split(' ');
        if (!words.some((w) => themeWords.has(w))) continue;
        p = { key, words, docs: new Set(), surfaces: new Map(), score: 0 };
        found.set(key, p);
      }
      p.docs.add(doc);
      p.surfaces.set(surfaces[k]!, (p.surfaces.get(surfaces[k]!) ?? 0) + 1);
    }
  }
  const minCover = Math.max(2, Math.ceil(minDocs / 2));
  const phrases: LabelPhrase[] = [];
  for (const p of found.values()) {
    const cover = p.docs.size;
    const precision = cover / (df.get(p.key) ?? cover);
    if (cover < minCover || precision < LABEL_PRECISION) continue;
    p.score = cover * precision * (1 + 0.75 * (p.words.length - 1));
    phrases.push(p);
  }
  return phrases.sort((a, b) => b.score - a.score || b.docs.size - a.docs.size || compareText(a.key, b.key));
}

/**
 * The longer phrase most reviews use `p` in, when it covers enough of `p`'s
 * reviews ("charger" → "EV charger", "tripping" → "kept tripping"); `p`
 * itself when its longer uses are split ("generator interlock", "portable
 * generator", "standby generator").
 */
export function promote(p: LabelPhrase, phrases: readonly LabelPhrase[]): LabelPhrase {
  const longer = phrases.filter((q) => q.words.length > p.words.length && p.words.every((w) => q.words.includes(w)));
  if (longer.length === 0) return p;
  const used = new Set<number>();
  for (const q of longer) for (const doc of q.docs) used.add(doc);
  let best = p;
  for (const q of longer) {
    if (q.docs.size < p.docs.size * PROMOTE_SHARE || q.docs.size < used.size * PROMOTE_DOMINANCE) continue;
    if (best === p || q.score > best.score) best = q;
  }
  return best;
}

export function sharesWord(a: LabelPhrase, b: LabelPhrase): boolean {
  return a.words.some((w) => b.words.includes(w));
}

/** The spelling most reviews use; ties go to lower case, then code-unit order. */
export function display(p: LabelPhrase): string {
  let best = '';
  let bestCount = -1;
  for (const [surface, count] of p.surfaces) {
    if (count > bestCount || (count === bestCount && compareSpelling(surface, best) < 0)) {
      best = surface;
      bestCount = count;
    }
  }
  return best;
}

/**
 * A label names many of a thing: the plural when at least one review in
 * twenty uses it ("quotes"), and then for its partner too when any review
 * does ("quotes and prices", not "quotes and price").
 */
export function labelOf(head: LabelPhrase, second: LabelPhrase | undefined): string {
  const parts = second ? [head, second] : [head];
  const plurals = parts.map((p) => pluralOf(p, PLURAL_SHARE));
  const anyPlural = plurals.some((form) => form !== null);
  return parts.map((p, i) => plurals[i] ?? (anyPlural ? pluralOf(p, 0) : null) ?? display(p)).join(' and ');
}

/** The plural spelling of a phrase when reviews use it in more than `share` of its uses, else null. */
function pluralOf(p: LabelPhrase, share: number): string | null {
  const singular = display(p);
  if (/s$/.test(singular)) return singular;
  let total = 0;
  for (const count of p.surfaces.values()) total += count;
  for (const form of singular.endsWith('y') ? [`${singular.slice(0, -1)}ies`] : [`${singular}s`, `${singular}es`]) {
    const count = p.surfaces.get(form) ?? 0;
    if (count > 0 && count >= total * share) return form;
  }
  return null;
}

function compareSpelling(a: string, b: string): number {
  const lowerA = a === a.toLowerCase();
  const lowerB = b === b.toLowerCase();
  return lowerA !== lowerB ? (lowerA ? -1 : 1) : compareText(a, b);
}

export function slug(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'topic'
  );
}
