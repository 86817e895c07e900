import type { Topic } from '../../schemas/insights.ts';
import { sentimentOf, type ReviewResult } from './analyse-review.ts';
import { compareText, mean, round } from './numbers.ts';

const MAX_TOPICS = 8;
const MAX_TERMS = 5;
/** Only the most frequent terms are grouped: enough for themes, bounded work. */
const CANDIDATES = 60;
/** A term joins a theme when at least this share of its reviews also hold the theme's seed term. */
const RELATED = 0.5;
const EXAMPLES = 3;

/**
 * Recurring themes by document frequency and co-occurrence: the most frequent
 * term not yet used seeds a topic and gathers the terms whose reviews mostly
 * also hold the seed ("panel" with "panel upgrade", "permit", "inspection").
 * Two-word phrases count double, as they name things more precisely.
 */
export function findTopics(results: readonly ReviewResult[]): Topic[] {
  const texted = results.filter((r) => r.terms.length > 0);
  const minReviews = Math.max(2, Math.ceil(texted.length * 0.03));
  const docs = termDocuments(texted);
  const candidates = [...docs]
    .filter(([, set]) => set.size >= minReviews)
    .map(([term, set]) => ({ term, set, weight: set.size * (term.includes(' ') ? 2 : 1) }))
    .sort((a, b) => b.weight - a.weight || compareText(a.term, b.term))
    .slice(0, CANDIDATES)
    .map((c) => ({ ...c, bits: bitsOf(c.set, texted.length) }));
  const used = new Set<string>();
  const topics: Topic[] = [];
  for (const seed of candidates) {
    if (topics.length >= MAX_TOPICS) break;
    if (used.has(seed.term)) continue;
    const related = candidates.filter((c) => !used.has(c.term) && c.term !== seed.term && containment(seed.bits, c.bits, c.set.size) >= RELATED);
    const terms = [seed.term, ...related.slice(0, MAX_TERMS - 1).map((c) => c.term)];
    for (const t of terms) used.add(t);
    // A single word inside a used phrase is the same theme ("panel" once "panel upgrade" is taken).
    for (const t of terms) for (const w of t.split(' ')) used.add(w);
    topics.push(topicOf(seed.term, terms, texted.filter((_, i) => seed.set.has(i))));
  }
  return topics;
}

function termDocuments(results: readonly ReviewResult[]): Map<string, Set<number>> {
  const docs = new Map<string, Set<number>>();
  results.forEach((r, i) => {
    for (const term of r.terms) {
      const set = docs.get(term);
      if (set) set.add(i);
      else docs.set(term, new Set([i]));
    }
  });
  return docs;
}

/** Review sets as bitsets: pairwise overlaps of the candidates stay cheap with thousands of reviews. */
function bitsOf(set: ReadonlySet<number>, size: number): Uint32Array {
  const bits = new Uint32Array(Math.ceil(size / 32));
  for (const i of set) bits[i >>> 5]! |= 1 << (i & 31);
  return bits;
}

/** Share of the candidate's reviews that also hold the seed. */
function containment(seed: Uint32Array, candidate: Uint32Array, candidateSize: number): number {
  let both = 0;
  for (let w = 0; w < seed.length; w++) both += popcount(seed[w]! & candidate[w]!);
  return both / candidateSize;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function topicOf(label: string, terms: string[], results: readonly ReviewResult[]): Topic {
  const rating = mean(results.map((r) => r.review.rating));
  const sentiment = mean(results.flatMap((r) => (r.analysis.sentiment ? [r.analysis.sentiment.score] : [])));
  return {
    id: label.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'topic',
    label,
    terms,
    review_count: results.length,
    average_rating: rating === null ? null : round(rating, 2),
    sentiment: sentiment === null ? null : sentimentOf(sentiment),
    example_review_ids: results.slice(0, EXAMPLES).map((r) => r.review.id),
  };
}
