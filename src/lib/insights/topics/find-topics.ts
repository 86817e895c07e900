import type { Topic } from '../../../schemas/insights.ts';
import type { ReviewResult } from '../analyse-review.ts';
import { compareText } from '../numbers.ts';
import { collectCandidates } from './candidates.ts';
import { clusterPhrases, mergeConcepts } from './clustering.ts';
import { describeTheme } from './theme.ts';
import { MAX_COVERED, MAX_TOPICS, MIN_SHARE, MIN_TOPIC_SHARE } from './tuning.ts';

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
