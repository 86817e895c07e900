import type { AspectId, Technician } from '../../../schemas/catalogue.ts';
import type { Reason } from '../../../schemas/insights.ts';
import type { ReviewResult } from '../analyse-review.ts';
import { isQuotable } from '../quotes.ts';
import type { ScoredSentence, SentenceIndex } from '../review-sentences.ts';
import { REASON_CUES, type ReasonCue } from './catalogue.ts';
import { COMPANY, createConcernFinder, type Concern, type OfficeFinder } from './concerns.ts';

/** A reason no two reviews give is an anecdote, not a reason. */
export const MIN_REASON_REVIEWS = 2;
/** Representative sentences per reason. */
const QUOTES = 3;
/** A sentence whose own sentiment leans the other way this clearly is not that reason ("...but they called me first, so no complaints"). */
const CONTRARY = 0.5;

/** One sentence of one review giving one reason. */
export interface ReasonMatch {
  cue: ReasonCue;
  result: ReviewResult;
  sentence: ScoredSentence;
  concern: Concern;
  /** The review's place in the results (newest first), for ties. */
  order: number;
}

export interface ReasonIndex {
  /** Every match, by aspect, in the order of the results. */
  byAspect: ReadonlyMap<AspectId, readonly ReasonMatch[]>;
  /** Every sentence that mentions the office and staff, by review. */
  officeSentences: ReadonlyMap<string, readonly ScoredSentence[]>;
}

const CUES_BY_ASPECT = Map.groupBy(REASON_CUES, (c) => `${c.aspect} ${c.polarity}`);

/**
 * Reads every review once: each sentence of a review that mentions an aspect
 * with a polarity is matched against that aspect's reasons of the same
 * polarity (the first that matches wins within a review sentence), so a
 * reason's reviews are always among the aspect's positive or negative ones.
 */
export function indexReasons(
  results: readonly ReviewResult[],
  sentences: SentenceIndex,
  roster: readonly Technician[],
  office: OfficeFinder,
): ReasonIndex {
  const concerns = createConcernFinder(roster, office);
  const byAspect = new Map<AspectId, ReasonMatch[]>();
  const officeSentences = new Map<string, ScoredSentence[]>();
  results.forEach((result, order) => {
    const own = sentences.get(result.review.id);
    if (!own) return;
    const ofOffice = own.filter((s) => office.mentions(s.text));
    if (ofOffice.length > 0) officeSentences.set(result.review.id, ofOffice);
    for (const aspect of result.analysis.aspects) {
      if (aspect.polarity === 'neutral') continue;
      const cues = CUES_BY_ASPECT.get(`${aspect.id} ${aspect.polarity}`);
      if (!cues) continue;
      const seen = new Set<string>();
      for (const sentence of own) {
        const sign = aspect.polarity === 'positive' ? 1 : -1;
        if (sentence.score * sign < -CONTRARY) continue;
        const lower = sentence.text.toLowerCase();
        const cue = cues.find((c) => !seen.has(c.id) && c.pattern.test(lower) && !c.unless?.test(lower));
        if (!cue) continue;
        seen.add(cue.id);
        const match = { cue, result, sentence, concern: concerns.of(sentence.text, result.analysis.technicians), order };
        const list = byAspect.get(aspect.id);
        if (list) list.push(match);
        else byAspect.set(aspect.id, [match]);
      }
    }
  });
  return { byAspect, officeSentences };
}

/** The published reasons of some matches: two reviews or more, most reviews first, then in catalogue order. */
export function reasonsOf(matches: readonly ReasonMatch[]): Reason[] {
  const byCue = Map.groupBy(matches, (m) => m.cue);
  const reasons: { reason: Reason; rank: number }[] = [];
  for (const [cue, list] of byCue) {
    const reviewIds = [...new Set(list.map((m) => m.result.review.id))];
    if (reviewIds.length < MIN_REASON_REVIEWS) continue;
    const quotes = representative(list, cue.polarity);
    reasons.push({
      rank: REASON_CUES.indexOf(cue),
      reason: {
        id: cue.id,
        label: cue.label,
        short_label: cue.short,
        polarity: cue.polarity,
        review_count: reviewIds.length,
        review_ids: [...quotes.map((q) => q.review_id), ...reviewIds.filter((id) => !quotes.some((q) => q.review_id === id))],
        quotes,
        concerns: concernOf(list),
      },
    });
  }
  return reasons.sort((a, b) => b.reason.review_count - a.reason.review_count || a.rank - b.rank).map((r) => r.reason);
}

/**
 * Two or three whole sentences that say the reason best: stars that agree
 * with it first (a five-star review praising, a one-star one complaining),
 * then a sentence short enough to read at a glance, then the newer review.
 */
function representative(list: readonly ReasonMatch[], polarity: 'positive' | 'negative'): Reason['quotes'] {
  const agree = (m: ReasonMatch): number => (polarity === 'positive' ? m.result.review.rating : 6 - m.result.review.rating);
  // Up to 100 characters reads at a glance; each 40 more weighs against a sentence.
  const comfort = (m: ReasonMatch): number => Math.max(0, Math.ceil((m.sentence.text.length - 100) / 40));
  const candidates = list
    .filter((m) => isQuotable(m.sentence.text))
    .sort((a, b) => agree(b) - agree(a) || comfort(a) - comfort(b) || a.order - b.order);
  const out: Reason['quotes'] = [];
  for (const m of candidates) {
    if (out.length === QUOTES) break;
    if (out.some((q) => q.review_id === m.result.review.id)) continue;
    out.push({ text: m.sentence.text, review_id: m.result.review.id });
  }
  return out;
}

/** Whom most of the reason's sentences are about; the company when no one is named more often. */
function concernOf(list: readonly ReasonMatch[]): Concern {
  const counts = new Map<Concern, number>();
  for (const m of list) counts.set(m.concern, (counts.get(m.concern) ?? 0) + 1);
  let best: Concern = COMPANY;
  let most = 0;
  for (const [concern, n] of [...counts].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (n > most && n * 2 > list.length) {
      best = concern;
      most = n;
    }
  }
  return best;
}
