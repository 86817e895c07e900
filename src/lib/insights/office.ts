import type { OfficeInsight } from '../../schemas/insights.ts';
import type { ReviewResult } from './analyse-review.ts';
import { OFFICE } from './reasons/concerns.ts';
import type { ScoredSentence } from './review-sentences.ts';
import { reasonsOf, type ReasonIndex } from './reasons/find-reasons.ts';

/** The sentiment band of a sentence, the review sentiment's (VADER's convention). */
const BAND = 0.05;

/**
 * The office and staff as an entity: the reviews that mention them (see
 * reasons/concerns.ts for what counts), whether each speaks well or ill of
 * them, and the reasons whose sentences are about them; with the ids of the
 * reviews that speak ill of them, for the summary.
 */
export function summariseOffice(
  results: readonly ReviewResult[],
  index: ReasonIndex,
): { office: OfficeInsight; critical: ReadonlySet<string> } {
  let positive = 0;
  const critical = new Set<string>();
  const ids: string[] = [];
  const officeMatches = [...index.byAspect.values()].flat().filter((m) => m.concern === OFFICE);
  const byReview = Map.groupBy(officeMatches, (m) => m.result);
  for (const r of results) {
    const sentences = index.officeSentences.get(r.review.id);
    if (!sentences) continue;
    ids.push(r.review.id);
    const reasons = (byReview.get(r) ?? []).map((m) => m.cue.polarity);
    const lean = sentences.reduce((sum, s) => sum + s.score, 0);
    // A sentence can state a fault without an opinion word ("the office emailed the invoice twice"): then the reason it gives or the stars decide.
    const verdict =
      lean <= -BAND || reasons.includes('negative')
        ? 'negative'
        : lean >= BAND || reasons.includes('positive')
          ? 'positive'
          : r.review.rating <= 3
            ? 'negative'
            : 'neutral';
    if (verdict === 'positive') positive++;
    else if (verdict === 'negative') critical.add(r.review.id);
  }
  return {
    office: {
      mention_count: ids.length,
      positive_count: positive,
      negative_count: critical.size,
      review_ids: ids,
      reasons: reasonsOf(officeMatches),
    },
    critical,
  };
}

const ELECTRICIAN = /\b(?:electrician|tech|technician|installer|crew)\b/i;

/**
 * Whether a review praises the person who did the work: a sentence that reads
 * positive, is not about the office (`officeSentences`, the review's sentences
 * the reason index found about it), and names a technician of the review or
 * "the electrician", "the tech", "the crew".
 */
export function praisesTechnician(
  r: ReviewResult,
  sentences: readonly ScoredSentence[],
  officeSentences: readonly ScoredSentence[] = [],
): boolean {
  const names = r.analysis.technicians.flatMap((n) => [n, n.split(' ')[0]!]);
  return sentences.some(
    (s) => s.score >= BAND && !officeSentences.includes(s) && (ELECTRICIAN.test(s.text) || names.some((n) => s.text.includes(n))),
  );
}
