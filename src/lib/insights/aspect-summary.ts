import type { Aspect, AspectId } from '../../schemas/catalogue.ts';
import type { AspectSummary } from '../../schemas/insights.ts';
import type { ReviewResult } from './analyse-review.ts';
import { compareText, mean, pct, round } from './numbers.ts';

const TOP_PHRASES = 5;
const EXAMPLES = 3;

/** One entry per aspect of the taxonomy, in taxonomy order, zeros included. */
export function summariseAspects(aspects: readonly Aspect[], results: readonly ReviewResult[]): AspectSummary[] {
  return aspects.map((aspect) => summariseAspect(aspect, results));
}

interface Hit {
  id: string;
  score: number;
  polarity: string;
}

function summariseAspect(aspect: Aspect, results: readonly ReviewResult[]): AspectSummary {
  const hits: Hit[] = [];
  const phraseCounts = new Map<string, number>();
  for (const r of results) {
    const found = r.analysis.aspects.find((a) => a.id === aspect.id);
    if (!found) continue;
    hits.push({ id: r.review.id, score: found.score, polarity: found.polarity });
    // Count each phrase once per review: a review repeating "on time" is one voice.
    for (const phrase of new Set(r.phrases.get(aspect.id as AspectId) ?? [])) phraseCounts.set(phrase, (phraseCounts.get(phrase) ?? 0) + 1);
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
    top_phrases: [...phraseCounts]
      .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
      .slice(0, TOP_PHRASES)
      .map(([phrase]) => phrase),
    example_review_ids: examples(hits),
  };
}

/**
 * The two strongest positive reviews and the strongest negative one, so an
 * aspect's examples show both sides when both exist. Ties go to the newer
 * review (results arrive newest first and the sort is stable).
 */
function examples(hits: readonly Hit[]): string[] {
  const positives = hits.filter((h) => h.score > 0).sort((a, b) => b.score - a.score);
  const negatives = hits.filter((h) => h.score < 0).sort((a, b) => a.score - b.score);
  const rest = hits.filter((h) => h.score === 0);
  const picked = [...positives.slice(0, 2), ...negatives.slice(0, 1)];
  for (const h of [...positives.slice(2), ...negatives.slice(1), ...rest]) {
    if (picked.length >= EXAMPLES) break;
    picked.push(h);
  }
  return picked.slice(0, EXAMPLES).map((h) => h.id);
}
