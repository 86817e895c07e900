import type { AspectId, ServiceFile } from '../../../schemas/catalogue.ts';
import type { AspectSummary, Insights, Reason, Topic } from '../../../schemas/insights.ts';
import { servicePhrases } from '../../service-phrases.ts';
import { escapeRegExp } from '../../text.ts';
import { sentimentOf, type ReviewResult } from '../analyse-review.ts';
import { mean, round } from '../numbers.ts';
import { isQuotable } from '../quotes.ts';
import { REASON_CUES } from '../reasons/catalogue.ts';
import type { SentenceIndex } from '../review-sentences.ts';

/** A topic needs this share of the written reviews (and two reviews at least) to be one. */
const MIN_SHARE = 0.02;
const MAX_POSITIVE_EXPERIENCES = 8;
const MAX_NEGATIVE_EXPERIENCES = 4;
const MAX_JOBS = 8;
const QUOTES = 3;
/** A sentence whose own sentiment reaches this leans the job's way. */
const LEANS = 0.05;

export interface TopicInput {
  results: readonly ReviewResult[];
  sentences: SentenceIndex;
  aspects: readonly AspectSummary[];
  services: Insights['entities']['services'];
  catalogue: readonly ServiceFile[];
}

/**
 * What a reader clicks (docs/insights.md, "Topics"): experiences in customers'
 * words, which are the aspects' reasons with the most reviews, and then the
 * jobs, which are the services. Each count is the count of the table it comes
 * from (a reason's `review_count`, a service's `mention_count`), so the page
 * never shows two numbers for one thing.
 */
export function findTopics(input: TopicInput): Topic[] {
  const written = input.results.filter((r) => input.sentences.has(r.review.id)).length;
  const min = Math.max(2, Math.ceil(written * MIN_SHARE));
  const order = new Map(input.results.map((r, i) => [r.review.id, i]));
  const byId = new Map(input.results.map((r) => [r.review.id, r]));
  return [...experiences(input, min, order, byId), ...jobs(input, min)];
}

function experiences(input: TopicInput, min: number, order: ReadonlyMap<string, number>, byId: ReadonlyMap<string, ReviewResult>): Topic[] {
  const all = input.aspects.flatMap((a) => a.reasons.map((reason) => ({ reason, aspect: a.id })));
  const pick = (polarity: Reason['polarity'], limit: number) =>
    all
      .filter((e) => e.reason.polarity === polarity && e.reason.review_count >= min)
      .sort((a, b) => b.reason.review_count - a.reason.review_count)
      .slice(0, limit);
  const chosen = [...pick('positive', MAX_POSITIVE_EXPERIENCES), ...pick('negative', MAX_NEGATIVE_EXPERIENCES)].sort(
    (a, b) => b.reason.review_count - a.reason.review_count,
  );
  return chosen.map(({ reason, aspect }): Topic => {
    const cue = REASON_CUES.find((c) => c.id === reason.id)!;
    const ids = [...reason.review_ids].sort((a, b) => order.get(a)! - order.get(b)!);
    return {
      id: reason.id,
      kind: 'experience',
      label: reason.short_label,
      polarity: reason.polarity,
      terms: [reason.short_label, reason.label],
      review_count: reason.review_count,
      ...ratingAndSentiment(ids, byId),
      example_review_ids: reason.quotes.map((q) => q.review_id),
      aspect: aspect as AspectId,
      quotes: reason.quotes.map((q) => ({ ...q, highlight: highlight(q.text, cue.pattern) })),
      review_ids: ids,
    };
  });
}

function jobs(input: TopicInput, min: number): Topic[] {
  return input.services
    .filter((s) => s.mention_count >= min)
    .slice(0, MAX_JOBS)
    .map((service): Topic => {
      const ids = input.results.filter((r) => r.analysis.services.includes(service.id)).map((r) => r.review.id);
      const polarity = service.sentiment?.label ?? 'neutral';
      return {
        id: service.id,
        kind: 'job',
        label: service.label,
        polarity,
        terms: [service.label],
        review_count: service.mention_count,
        average_rating: service.average_rating,
        sentiment: service.sentiment,
        example_review_ids: service.example_review_ids,
        aspect: null,
        quotes: quotesNaming(ids, input.sentences, input.results, servicePattern(input.catalogue, service.id), polarity, QUOTES),
        review_ids: ids,
      };
    });
}

/** The names of one service (label, id as words, synonyms), plural allowed, as a pattern over lower-cased text. */
export function servicePattern(catalogue: readonly ServiceFile[], id: string): RegExp {
  const names = [...servicePhrases(catalogue)]
    .filter(([, owners]) => owners.includes(id))
    .map(([phrase]) => phrase)
    .sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.map(escapeRegExp).join('|')})s?(?![\\p{L}\\p{N}])`, 'u');
}

/**
 * Up to `limit` whole sentences, one per review, that name what `pattern`
 * finds and do not lean against `polarity`: stars that agree first, then the
 * newer review (`ids` arrive newest first).
 */
export function quotesNaming(
  ids: readonly string[],
  sentences: SentenceIndex,
  results: readonly ReviewResult[],
  pattern: RegExp,
  polarity: Topic['polarity'],
  limit: number,
): Topic['quotes'] {
  const ratings = new Map(results.map((r) => [r.review.id, r.review.rating]));
  const sign = polarity === 'positive' ? 1 : polarity === 'negative' ? -1 : 0;
  const found: { text: string; review_id: string; highlight: string | null; leans: number; agree: number; i: number }[] = [];
  ids.forEach((id, i) => {
    const rating = ratings.get(id) ?? 3;
    let best: (typeof found)[number] | null = null;
    for (const s of sentences.get(id) ?? []) {
      if (!isQuotable(s.text) || s.score * sign < 0 || (sign === 0 && Math.abs(s.score) > 0.3)) continue;
      const mark = highlight(s.text, pattern);
      if (mark === null) continue;
      // A sentence that names the job and says how it went beats one that only names it.
      const leans = sign !== 0 && s.score * sign >= LEANS ? 1 : 0;
      if (!best || leans > best.leans)
        best = { text: s.text, review_id: id, highlight: mark, leans, agree: sign >= 0 ? rating : 6 - rating, i };
    }
    if (best) found.push(best);
  });
  return found
    .sort((a, b) => b.leans - a.leans || b.agree - a.agree || a.i - b.i)
    .slice(0, limit)
    .map(({ text, review_id, highlight }) => ({ text, review_id, highlight }));
}

/** The words of `text` the pattern finds (matched lower-cased), as written; null when it finds none. */
function highlight(text: string, pattern: RegExp): string | null {
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return null;
  const m = pattern.exec(lower);
  return m && m[0].trim() ? text.slice(m.index, m.index + m[0].length) : null;
}

function ratingAndSentiment(ids: readonly string[], byId: ReadonlyMap<string, ReviewResult>): Pick<Topic, 'average_rating' | 'sentiment'> {
  const reviews = ids.map((id) => byId.get(id)!);
  const rating = mean(reviews.map((r) => r.review.rating));
  const sentiment = mean(reviews.flatMap((r) => (r.analysis.sentiment ? [r.analysis.sentiment.score] : [])));
  return { average_rating: rating === null ? null : round(rating, 2), sentiment: sentiment === null ? null : sentimentOf(sentiment) };
}
