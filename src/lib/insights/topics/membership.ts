import { orInto, overlap, popcountAll } from '../../bitset.ts';
import { nested, type Candidate } from './candidates.ts';
import { ANCHOR_INFORMATION, ANCHOR_PURITY } from './tuning.ts';

/** How one theme is present in one review. */
export interface Evidence {
  doc: number;
  /** Distinct theme words the review uses. */
  words: Set<string>;
  anchored: boolean;
  /** Theme words used, counted per phrase. */
  weight: number;
}

/** The reviews that use an anchor of the theme, or two of its words; in review order. */
export function membersOf(terms: readonly Candidate[], n: number, synonyms: ReadonlyMap<string, string>): Evidence[] {
  const anchors = new Set(terms.filter((t) => t.words.length > 1 || hasSynonym(t, terms, synonyms) || isAnchor(t, terms, n)));
  const evidence = new Map<number, Evidence>();
  for (const t of terms) {
    const anchor = anchors.has(t);
    for (const doc of t.docs) {
      let e = evidence.get(doc);
      if (!e) {
        e = { doc, words: new Set(), anchored: false, weight: 0 };
        evidence.set(doc, e);
      }
      for (const w of t.words) e.words.add(w);
      e.anchored ||= anchor;
      e.weight += t.words.length;
    }
  }
  return [...evidence.values()].filter((e) => e.anchored || e.words.size >= 2).sort((a, b) => a.doc - b.doc);
}

/** "quote" in a theme with "invoice": words naming one aspect vouch for each other. */
function hasSynonym(t: Candidate, terms: readonly Candidate[], synonyms: ReadonlyMap<string, string>): boolean {
  const aspect = synonyms.get(t.key);
  return aspect !== undefined && terms.some((o) => o !== t && synonyms.get(o.key) === aspect);
}

/**
 * Whether a word of the theme is evidence of it on its own: most of its
 * reviews use the theme's other phrases too, or many do and far more often
 * than other reviews (purity × ln lift, a term of the mutual information):
 * "generator" next to "storm" is, "garage" next to "EV charger" is not.
 */
function isAnchor(t: Candidate, terms: readonly Candidate[], n: number): boolean {
  const others = new Uint32Array(t.bits.length);
  for (const o of terms) if (o !== t && !nested(o.words, t.words)) orInto(others, o.bits);
  const hits = overlap(others, t.bits);
  if (hits === 0) return false;
  const purity = hits / t.docs.length;
  if (purity >= ANCHOR_PURITY) return true;
  const elsewhere = (popcountAll(others) - hits) / Math.max(1, n - t.docs.length);
  return elsewhere === 0 || purity * Math.log(purity / elsewhere) >= ANCHOR_INFORMATION;
}
