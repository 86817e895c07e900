import type { Topic } from '../../schemas/insights.ts';
import { sentimentOf, type ReviewResult } from './analyse-review.ts';
import { compareText, mean, round } from './numbers.ts';

const MAX_TOPICS = 12;
const MAX_TERMS = 6;
const EXAMPLES = 3;

// Candidates.
/** A phrase is a candidate when this share of the written reviews use it (and at least 2). */
const MIN_SHARE = 0.015;
/** A phrase in more than this share of the reviews says nothing about any of them. */
const MAX_SHARE = 0.35;
/** Only the most frequent phrases are clustered: enough for themes, bounded work (pairs grow with its square). */
const CANDIDATES = 160;

// Clustering.
/** Dunning's log-likelihood ratio for p < 0.001 with one degree of freedom. */
const G2_CRITICAL = 10.83;
/** Two phrases are related only when they meet at least this many times more often than chance. */
const MIN_LIFT = 2;
/** Words that name the same aspect ("quote", "invoice") are this similar whether or not reviews use them together. */
const SYNONYM_SIMILARITY = 0.3;
/** Average-linkage merging of phrases into concepts stops below this similarity (Ochiai coefficient). */
const PHRASE_MERGE_THRESHOLD = 0.1;
/** Concepts merge into one theme down to this similarity of their member reviews. */
const CONCEPT_MERGE_THRESHOLD = 0.25;

// Membership and selection.
/** A word whose reviews mostly use the theme's other phrases too is evidence of the theme on its own... */
const ANCHOR_PURITY = 0.5;
/** ... and so is one where purity × ln(lift) reaches this. */
const ANCHOR_INFORMATION = 0.9;
/** A theme needs this share of the written reviews (and at least 2). */
const MIN_TOPIC_SHARE = 0.02;
/** A theme whose reviews are mostly those of one bigger theme is left out. */
const MAX_COVERED = 0.7;

// Labels.
/** A label phrase must have at least this share of its reviews inside the theme. */
const LABEL_PRECISION = 0.5;
/** A longer phrase replaces a word of it in the label when it covers this share of the word's reviews ("charger" → "EV charger")... */
const PROMOTE_SHARE = 0.3;
/** ... and most of the reviews that use the word in any longer phrase. */
const PROMOTE_DOMINANCE = 0.6;
/** A second name must cover this share of the theme's reviews ("generators and storms"). */
const SECOND_COVER = 0.15;
/** Share of a phrase's uses in the plural that makes a label plural. */
const PLURAL_SHARE = 0.05;

/** A frequent phrase with the reviews (indices into the written reviews) that use it. */
interface Candidate {
  key: string;
  words: readonly string[];
  docs: number[];
  bits: Uint32Array;
}

/** How one theme is present in one review. */
interface Evidence {
  doc: number;
  /** Distinct theme words the review uses. */
  words: Set<string>;
  anchored: boolean;
  /** Theme words used, counted per phrase. */
  weight: number;
}

/** A phrase as a label candidate: the theme's reviews that use it and how they spell it. */
interface LabelPhrase {
  key: string;
  words: readonly string[];
  docs: Set<number>;
  surfaces: Map<string, number>;
  score: number;
}

/**
 * Recurring themes: salient phrases clustered by the reviews they share.
 *
 * 1. Candidates are the phrases (one to three content words, see terms.ts)
 *    that at least 1.5% of the written reviews use.
 * 2. Two candidates are related when they co-occur significantly (Dunning's
 *    G² over the reviews) and more than twice as often as chance; their
 *    similarity is then the Ochiai coefficient of their review sets. Words
 *    naming one aspect are related anyway ("quote", "invoice", "bill").
 * 3. Average-linkage clustering merges related phrases into concepts
 *    ("EV charger", "charger", "level"); concepts whose reviews overlap
 *    significantly merge into themes ("EV charger" with "permit", "garage").
 * 4. A review belongs to a theme when it uses one of the theme's anchors (a
 *    multi-word phrase, or a word whose reviews mostly use the theme's other
 *    phrases too) or two of its words.
 * 5. The label is the phrase that best covers the theme's reviews and few
 *    others, longer phrases preferred, plus a second one when the theme has
 *    two faces ("quotes and invoices"); examples are the reviews that use the
 *    theme most densely.
 *
 * Deterministic: every ordering has a tie-break, and the reviews arrive in
 * canonical order (newest first).
 */
export function findTopics(results: readonly ReviewResult[], synonyms: ReadonlyMap<string, string> = new Map()): Topic[] {
  const texted = results.filter((r) => r.terms.keys.length > 0);
  const n = texted.length;
  if (n === 0) return [];
  const df = new Map<string, number>();
  for (const r of texted) for (const key of r.terms.keys) df.set(key, (df.get(key) ?? 0) + 1);
  const minDocs = Math.max(2, Math.ceil(n * MIN_SHARE));
  const candidates = collectCandidates(texted, df, minDocs);
  const concepts = clusterPhrases(candidates, n, synonyms);
  const themes = mergeConcepts(concepts, candidates, n, synonyms);
  const minTopicDocs = Math.max(2, Math.ceil(n * MIN_TOPIC_SHARE));
  const topics: { topic: Topic; docs: number[] }[] = [];
  for (const members of themes) {
    const theme = describeTheme(
      members.map((i) => candidates[i]!),
      texted,
      df,
      minDocs,
      synonyms,
    );
    if (theme && theme.topic.review_count >= minTopicDocs) topics.push(theme);
  }
  return selectTopics(topics);
}

/**
 * Up to MAX_TOPICS themes, most reviews first, leaving out one whose reviews
 * are mostly those of a single theme already chosen: a narrower view of the
 * same crowd ("failed inspection" next to "failed inspections and code
 * violations"), not a theme of its own.
 */
function selectTopics(themes: readonly { topic: Topic; docs: readonly number[] }[]): Topic[] {
  const ordered = [...themes].sort((a, b) => b.topic.review_count - a.topic.review_count || compareText(a.topic.label, b.topic.label));
  const chosen: { topic: Topic; docs: ReadonlySet<number> }[] = [];
  for (const theme of ordered) {
    if (chosen.length >= MAX_TOPICS) break;
    if (chosen.some((c) => c.topic.id === theme.topic.id)) continue;
    if (chosen.some((c) => theme.docs.filter((d) => c.docs.has(d)).length > theme.docs.length * MAX_COVERED)) continue;
    chosen.push({ topic: theme.topic, docs: new Set(theme.docs) });
  }
  return chosen.map((c) => c.topic);
}

/** The most frequent phrases, neither rare nor everywhere, with their reviews. */
function collectCandidates(texted: readonly ReviewResult[], df: ReadonlyMap<string, number>, minDocs: number): Candidate[] {
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

/** Average-linkage agglomerative clustering of the phrases; ties go to the lowest indices. */
function clusterPhrases(candidates: readonly Candidate[], n: number, synonyms: ReadonlyMap<string, string>): number[][] {
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
function mergeConcepts(
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

function nested(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((w) => long.includes(w));
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

function overlap(a: Uint32Array, b: Uint32Array): number {
  let both = 0;
  for (let w = 0; w < a.length; w++) both += popcount(a[w]! & b[w]!);
  return both;
}

function orInto(target: Uint32Array, source: Uint32Array): void {
  for (let w = 0; w < target.length; w++) target[w]! |= source[w]!;
}

function popcountAll(bits: Uint32Array): number {
  let total = 0;
  for (let w = 0; w < bits.length; w++) total += popcount(bits[w]!);
  return total;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function describeTheme(
  terms: readonly Candidate[],
  texted: readonly ReviewResult[],
  df: ReadonlyMap<string, number>,
  minDocs: number,
  synonyms: ReadonlyMap<string, string>,
): { topic: Topic; docs: number[] } | null {
  // A theme of one single word is a word, not a theme ("garage").
  if (terms.length === 1 && terms[0]!.words.length === 1) return null;
  const members = membersOf(terms, texted.length, synonyms);
  if (members.length === 0) return null;
  const phrases = labelPhrases(terms, members, texted, df, minDocs);
  if (phrases.length === 0) return null;
  // A lone verb form reads badly as a name ("tripping", "passed"): only in a longer phrase.
  const nameable = (p: LabelPhrase): boolean => p.words.length > 1 || !/(ing|ed)$/.test(display(p));
  const head = phrases.map((p) => promote(p, phrases)).find(nameable);
  if (!head) return null;
  // A second name for what the head does not say ("porch lights" next to "light fixtures").
  const secondLabel = phrases
    .filter((p) => !sharesWord(p, head))
    .map((p) => promote(p, phrases))
    .find(
      (p) =>
        nameable(p) &&
        !p.words.every((w) => head.words.includes(w)) &&
        p.docs.size >= members.length * SECOND_COVER &&
        // A lone word must weigh more to share the label than a phrase.
        p.score >= head.score * (p.words.length > 1 ? 0.25 : 0.5),
    );
  const label = labelOf(head, secondLabel);
  const shown: LabelPhrase[] = [];
  for (const p of [head, ...(secondLabel ? [secondLabel] : []), ...phrases]) {
    if (shown.length >= MAX_TERMS) break;
    // "EV charger" already says "charger".
    if (!shown.some((s) => s === p || p.words.every((w) => s.words.includes(w)))) shown.push(p);
  }
  const reviews = members.map((e) => texted[e.doc]!);
  const rating = mean(reviews.map((r) => r.review.rating));
  const sentiment = mean(reviews.flatMap((r) => (r.analysis.sentiment ? [r.analysis.sentiment.score] : [])));
  // Most typical first: the reviews that use the theme most densely, the label's phrases above all; then the newer.
  const typicality = (e: Evidence): number =>
    (e.weight + (head.docs.has(e.doc) ? 2 : 0) + (secondLabel?.docs.has(e.doc) ? 1 : 0)) / Math.sqrt(texted[e.doc]!.terms.keys.length);
  const typical = members.map((e) => ({ e, t: typicality(e) })).sort((a, b) => b.t - a.t || a.e.doc - b.e.doc);
  const topic: Topic = {
    id: slug(label),
    label,
    terms: shown.map((p) => display(p)),
    review_count: members.length,
    average_rating: rating === null ? null : round(rating, 2),
    sentiment: sentiment === null ? null : sentimentOf(sentiment),
    example_review_ids: typical.slice(0, EXAMPLES).map(({ e }) => texted[e.doc]!.review.id),
  };
  return { topic, docs: members.map((e) => e.doc) };
}

/** The reviews that use an anchor of the theme, or two of its words; in review order. */
function membersOf(terms: readonly Candidate[], n: number, synonyms: ReadonlyMap<string, string>): Evidence[] {
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

/**
 * Every phrase the theme's reviews use that contains a theme word, with
 * enough of the theme's reviews and mostly inside it, best first:
 * reviews covered × share inside the theme, longer phrases weighing more.
 * Rarer phrases than the candidates qualify, so "tripping breakers" can name
 * a theme found through "tripping" and "breaker".
 */
function labelPhrases(
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
function promote(p: LabelPhrase, phrases: readonly LabelPhrase[]): LabelPhrase {
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

function sharesWord(a: LabelPhrase, b: LabelPhrase): boolean {
  return a.words.some((w) => b.words.includes(w));
}

/** The spelling most reviews use; ties go to lower case, then code-unit order. */
function display(p: LabelPhrase): string {
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
function labelOf(head: LabelPhrase, second: LabelPhrase | undefined): string {
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

function slug(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'topic'
  );
}
