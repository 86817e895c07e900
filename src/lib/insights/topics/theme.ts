import type { Topic } from '../../../schemas/insights.ts';
import { sentimentOf, type ReviewResult } from '../analyse-review.ts';
import { mean, round } from '../numbers.ts';
import type { Candidate } from './candidates.ts';
import { display, labelOf, labelPhrases, promote, sharesWord, slug, type LabelPhrase } from './labels.ts';
import { membersOf, type Evidence } from './membership.ts';
import { EXAMPLES, MAX_TERMS, SECOND_COVER } from './tuning.ts';

/**
 * One theme as published: its members, its label (a head phrase and maybe a
 * second name), the phrases shown, the mean rating and sentiment, and the
 * most typical reviews; null when it has nothing worth a name.
 */
export function describeTheme(
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
