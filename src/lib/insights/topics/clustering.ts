import { overlap, popcountAll } from '../../bitset.ts';
import { nested, type Candidate } from './candidates.ts';
import { membersOf } from './membership.ts';
import { CONCEPT_MERGE_THRESHOLD, G2_CRITICAL, MIN_LIFT, PHRASE_MERGE_THRESHOLD, SYNONYM_SIMILARITY } from './tuning.ts';

/** Average-linkage agglomerative clustering of the phrases; ties go to the lowest indices. */
export function clusterPhrases(candidates: readonly Candidate[], n: number, synonyms: ReadonlyMap<string, string>): number[][] {
  const k = candidates.length;
  const sim = new Float64Array(k * k);
  for (let a = 0; a < k; a++) {
    const aspect = synonyms.get(candidates[a]!.key);
    for (let b = a + 1; b < k; b++) {
      const synonym = aspect !== undefined && synonyms.get(candidates[b]!.key) === aspect ? SYNONYM_SIMILARITY : 0;
      sim[a * k + b] = sim[b * k + a] = Math.max(phraseSimilarity(candidates[a]!, candidates[b]!, n), synonym);
    }
  }
  const groups: (number[] | null)[] = candidates.map((_, i) => [i]);
  for (let pair = closest(groups, sim, PHRASE_MERGE_THRESHOLD); pair !== null; pair = closest(groups, sim, PHRASE_MERGE_THRESHOLD)) {
    const [a, b] = pair;
    const sizeA = groups[a]!.length;
    const sizeB = groups[b]!.length;
    // Lance–Williams update for average linkage.
    for (let c = 0; c < k; c++) {
      if (!groups[c] || c === a || c === b) continue;
      sim[a * k + c] = sim[c * k + a] = (sizeA * sim[a * k + c]! + sizeB * sim[b * k + c]!) / (sizeA + sizeB);
    }
    groups[a] = [...groups[a]!, ...groups[b]!].sort((x, y) => x - y);
    groups[b] = null;
  }
  return groups.filter((g): g is number[] => g !== null);
}

/**
 * Second level: concepts whose member reviews overlap far more than chance
 * form one theme ("light fixtures" with "porch lights"). Members only (see
 * membersOf): a review that only says "panel" does not tie a theme to
 * everything else said about panels. A theme that already covers many
 * reviews stops growing: it can no longer be twice as likely as chance next
 * to anything.
 */
export function mergeConcepts(
  concepts: readonly number[][],
  candidates: readonly Candidate[],
  n: number,
  synonyms: ReadonlyMap<string, string>,
): number[][] {
  const k = concepts.length;
  const groups: (number[] | null)[] = concepts.map((c) => [...c]);
  const bits = concepts.map((c) => memberBits(c, candidates, n, synonyms));
  const sizes = bits.map(popcountAll);
  const score = (a: number, b: number): number => setSimilarity(overlap(bits[a]!, bits[b]!), sizes[a]!, sizes[b]!, n);
  const sim = new Float64Array(k * k);
  for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) sim[a * k + b] = sim[b * k + a] = score(a, b);
  for (let pair = closest(groups, sim, CONCEPT_MERGE_THRESHOLD); pair !== null; pair = closest(groups, sim, CONCEPT_MERGE_THRESHOLD)) {
    const [a, b] = pair;
    groups[a] = [...groups[a]!, ...groups[b]!].sort((x, y) => x - y);
    groups[b] = null;
    bits[a] = memberBits(groups[a]!, candidates, n, synonyms);
    sizes[a] = popcountAll(bits[a]!);
    for (let c = 0; c < k; c++) if (groups[c] && c !== a) sim[a * k + c] = sim[c * k + a] = score(a, c);
  }
  return groups.filter((g): g is number[] => g !== null);
}

/** The member reviews of a group of phrases, as a bitset. */
function memberBits(
  group: readonly number[],
  candidates: readonly Candidate[],
  n: number,
  synonyms: ReadonlyMap<string, string>,
): Uint32Array {
  const bits = new Uint32Array(candidates[0]?.bits.length ?? 0);
  for (const e of membersOf(
    group.map((i) => candidates[i]!),
    n,
    synonyms,
  ))
    bits[e.doc >>> 5]! |= 1 << (e.doc & 31);
  return bits;
}

/** The most similar pair of live groups above `threshold`, lowest indices first on ties; null when none is. */
function closest(groups: readonly (number[] | null)[], sim: Float64Array, threshold: number): [number, number] | null {
  const k = groups.length;
  let best = threshold;
  let pair: [number, number] | null = null;
  for (let a = 0; a < k; a++) {
    if (!groups[a]) continue;
    for (let b = a + 1; b < k; b++) {
      if (groups[b] && sim[a * k + b]! > best) {
        best = sim[a * k + b]!;
        pair = [a, b];
      }
    }
  }
  return pair;
}

function phraseSimilarity(a: Candidate, b: Candidate, n: number): number {
  const both = overlap(a.bits, b.bits);
  // "ev charger" and "charger" name one thing: no test needed.
  if (nested(a.words, b.words)) return both / Math.sqrt(a.docs.length * b.docs.length);
  return setSimilarity(both, a.docs.length, b.docs.length, n);
}

/** Ochiai coefficient of two review sets that meet significantly more often than chance, else 0. */
function setSimilarity(both: number, sizeA: number, sizeB: number, n: number): number {
  if (both < 2) return 0;
  const lift = (both * n) / (sizeA * sizeB);
  if (lift < MIN_LIFT || g2(both, sizeA - both, sizeB - both, n - sizeA - sizeB + both) < G2_CRITICAL) return 0;
  return both / Math.sqrt(sizeA * sizeB);
}

/** Dunning's G² of a 2×2 contingency table. */
function g2(k11: number, k12: number, k21: number, k22: number): number {
  const total = k11 + k12 + k21 + k22;
  return (
    2 *
    (xlogx(k11) +
      xlogx(k12) +
      xlogx(k21) +
      xlogx(k22) +
      xlogx(total) -
      xlogx(k11 + k12) -
      xlogx(k21 + k22) -
      xlogx(k11 + k21) -
      xlogx(k12 + k22))
  );
}

function xlogx(x: number): number {
  return x > 0 ? x * Math.log(x) : 0;
}
