import type { Aspect, AspectId } from '../../schemas/catalogue.ts';
import type { AspectSummary } from '../../schemas/insights.ts';
import type { ReviewResult } from './analyse-review.ts';
import { bestExamples } from './examples.ts';
import { BOOSTERS, HEDGES } from './modifiers.ts';
import { compareText, mean, pct, round } from './numbers.ts';
import { reasonsOf, type ReasonIndex } from './reasons/find-reasons.ts';

const TOP_PHRASES = 5;
const EXAMPLES = 3;
const FUNCTION_WORDS = new Set('a an the was were is are be been it he she they we i so very really just'.split(' '));
/** Boosters and hedges at the start of a phrase, which do not make it another phrase. */
const LEADING_MODIFIERS = new RegExp(`^(?:(?:${[...BOOSTERS.keys(), ...HEDGES.keys()].sort((a, b) => b.length - a.length).join('|')}) )+`);
const NEGATION = /\b(?:not|never|no|nobody|nothing|without|\w+n['’]t)\b/;

/** One entry per aspect of the taxonomy, in taxonomy order, zeros included. */
export function summariseAspects(aspects: readonly Aspect[], results: readonly ReviewResult[], reasons: ReasonIndex): AspectSummary[] {
  return aspects.map((aspect) => summariseAspect(aspect, results, reasons));
}

interface Hit {
  id: string;
  score: number;
  polarity: string;
}

function summariseAspect(aspect: Aspect, results: readonly ReviewResult[], reasons: ReasonIndex): AspectSummary {
  const hits: Hit[] = [];
  const phraseCounts = new Map<string, number>();
  for (const r of results) {
    const found = r.analysis.aspects.find((a) => a.id === aspect.id);
    if (!found) continue;
    hits.push({ id: r.review.id, score: found.score, polarity: found.polarity });
    // Count each phrase once per review: a review repeating "on time" is one voice.
    const own = new Set((r.phrases.get(aspect.id as AspectId) ?? []).map((p) => `${p.positive ? '+' : '-'}${p.text}`));
    for (const phrase of own) phraseCounts.set(phrase, (phraseCounts.get(phrase) ?? 0) + 1);
  }
  const count = (p: string): number => hits.filter((h) => h.polarity === p).length;
  const positive = count('positive');
  return {
    id: aspect.id,
    label: aspect.label,
    mention_count: hits.length,
    positive_count: positive,
    neutral_count: count('neutral'),
    negative_count: count('negative'),
    positive_pct: pct(positive, hits.length),
    score: round(mean(hits.map((h) => h.score)) ?? 0, 3),
    ...phrasesOf(phraseCounts),
    example_review_ids: examples(aspect.id, results, hits),
    reasons: reasonsOf(reasons.byAspect.get(aspect.id as AspectId) ?? []),
  };
}

/**
 * The opinion phrases most reviews use, most first (ties: longer, then
 * code-unit order). Variants that differ only by a booster or hedge count
 * together under their most used spelling ("friendly", "super friendly"). A
 * lone word counts for the most used longer phrase that contains it and
 * says more ("late" for "an hour late"), unless that phrase negates it.
 */
function phrasesOf(counts: ReadonlyMap<string, number>): Pick<AspectSummary, 'top_phrases' | 'phrases'> {
  // Keys are the phrase with its lean in front ("+on time", "-late"): a phrase only joins one that leans its way.
  const groups = new Map<string, { total: number; spellings: [string, number][] }>();
  for (const [signed, n] of counts) {
    const sign = signed[0]!;
    const phrase = signed.slice(1);
    const key = sign + (phrase.replace(LEADING_MODIFIERS, '') || phrase);
    const group = groups.get(key) ?? { total: 0, spellings: [] };
    group.total += n;
    group.spellings.push([phrase, n]);
    groups.set(key, group);
  }
  const merged = new Map<string, number>();
  for (const [key, group] of groups) {
    group.spellings.sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || compareText(a[0], b[0]));
    merged.set(key, group.total);
  }
  const byUse = [...merged].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  for (const [key, n] of byUse) {
    if (key.includes(' ')) continue;
    const longer = byUse.find(
      ([k]) => k !== key && k[0] === key[0] && merged.has(k) && addsContent(k.slice(1), key.slice(1)) && !NEGATION.test(k),
    );
    if (!longer) continue;
    merged.set(longer[0], merged.get(longer[0])! + n);
    merged.delete(key);
  }
  const ranked = [...merged]
    .sort((a, b) => b[1] - a[1] || wordCount(b[0]) - wordCount(a[0]) || compareText(a[0], b[0]))
    .map(([key, count]) => ({
      text: groups.get(key)!.spellings[0]![0],
      polarity: key[0] === '+' ? ('positive' as const) : ('negative' as const),
      count,
    }));
  // Each side's most used phrases, so that praise never hides the complaints (or the other way round).
  const side = (polarity: 'positive' | 'negative') => ranked.filter((p) => p.polarity === polarity).slice(0, TOP_PHRASES);
  const praise = side('positive');
  const complaints = side('negative');
  return {
    top_phrases: [...new Set(ranked.map((p) => p.text))].slice(0, TOP_PHRASES),
    phrases: ranked.filter((p) => praise.includes(p) || complaints.includes(p)),
  };
}

/** Whether `longer` holds `word` and says more than a function word besides ("an hour late", not "was late"). */
function addsContent(longer: string, word: string): boolean {
  const words = longer.split(' ');
  return words.includes(word) && words.some((w) => w !== word && !FUNCTION_WORDS.has(w));
}

function wordCount(phrase: string): number {
  return phrase.split(' ').length;
}

/**
 * The two reviews that best illustrate praise of the aspect and the one that
 * best illustrates criticism (see examples.ts), so an aspect's examples show
 * both sides when both exist; then the next best, then neutral mentions.
 */
function examples(aspect: string, results: readonly ReviewResult[], hits: readonly Hit[]): string[] {
  const positives = bestExamples(results, aspect, 'positive', EXAMPLES);
  const negatives = bestExamples(results, aspect, 'negative', EXAMPLES);
  const picked = [...positives.slice(0, 2), ...negatives.slice(0, 1)];
  for (const id of [...positives.slice(2), ...negatives.slice(1), ...hits.filter((h) => h.polarity === 'neutral').map((h) => h.id)]) {
    if (picked.length >= EXAMPLES) break;
    picked.push(id);
  }
  return picked.slice(0, EXAMPLES);
}
