import type { AspectSummary, Insights, Reason, Topic } from '../../schemas/insights.ts';
import type { Review } from '../../schemas/review.ts';
import { aspectPath, reviewPermalink, topicPath } from './permalinks.ts';

/**
 * Lookups the summary, aspect and topic pages need from the insights, so the pages stay a
 * composition: a cited review's permalink (its date is in `per_review`), a quote's link, whom a
 * reason concerns in words, a quote cut around its marked phrase. Nothing here computes a figure.
 */

export interface CitedReview {
  id: string;
  date: string;
  permalink: string;
}

export function citedReviews(insights: Insights, ids: readonly string[]): CitedReview[] {
  return ids.flatMap((id) => {
    const analysis = insights.per_review[id];
    return analysis ? [{ id, date: analysis.date, permalink: reviewPermalink({ id, date: analysis.date }) }] : [];
  });
}

export interface ShownQuote extends CitedReview {
  text: string;
  rating: number;
}

/** A reason's or topic's quotes, each with the review it links to. */
export function quotesOf(insights: Insights, quotes: readonly { text: string; review_id: string }[]): ShownQuote[] {
  return quotes.flatMap((q) => {
    const [cited] = citedReviews(insights, [q.review_id]);
    return cited ? [{ ...cited, text: q.text, rating: insights.per_review[q.review_id]!.rating }] : [];
  });
}

/** Whom a reason is about, in words; null for the company as a whole (nothing to add). */
export function concernText(reason: Pick<Reason, 'concerns'>): string | null {
  if (reason.concerns === 'company') return null;
  if (reason.concerns === 'office') return 'about the office and staff';
  return `about ${reason.concerns}`;
}

/** The aspects mentioned at all, most mentioned first (ties in taxonomy order). */
export function mentionedAspects(insights: Insights): AspectSummary[] {
  return insights.aspects.filter((a) => a.mention_count > 0).sort((a, b) => b.mention_count - a.mention_count);
}

/** Topics as a reader scans them: praise, complaints, then the jobs. */
export function topicGroups(insights: Insights): { label: string; topics: Topic[] }[] {
  const groups = [
    { label: 'What customers praise', topics: insights.topics.filter((t) => t.kind === 'experience' && t.polarity === 'positive') },
    { label: 'What customers criticise', topics: insights.topics.filter((t) => t.kind === 'experience' && t.polarity === 'negative') },
    { label: 'Jobs reviewed', topics: insights.topics.filter((t) => t.kind === 'job') },
  ];
  return groups.filter((g) => g.topics.length > 0);
}

/** A sentence split around its marked phrase, for `<mark>`; the whole sentence unmarked when the phrase is not in it. */
export function markedParts(text: string, highlight: string | null): { before: string; mark: string; after: string } {
  const at = highlight ? text.indexOf(highlight) : -1;
  if (at === -1 || !highlight) return { before: text, mark: '', after: '' };
  return { before: text.slice(0, at), mark: highlight, after: text.slice(at + highlight.length) };
}

/** The reviews with these ids, newest first as the dataset lists them. */
export function reviewsWithIds(reviews: readonly Review[], ids: readonly string[]): Review[] {
  const wanted = new Set(ids);
  return reviews.filter((r) => wanted.has(r.id));
}

/** The reviews that mention an aspect, in three groups by how they judge it, newest first. */
export function reviewsOfAspect(
  insights: Insights,
  reviews: readonly Review[],
  aspect: string,
): Record<'positive' | 'neutral' | 'negative', Review[]> {
  const out = { positive: [] as Review[], neutral: [] as Review[], negative: [] as Review[] };
  for (const r of reviews) {
    const found = insights.per_review[r.id]?.aspects.find((a) => a.id === aspect);
    if (found) out[found.polarity].push(r);
  }
  return out;
}

/** The aspect and topic pages the summary links to, for the build and the sitemap: one list, so they never disagree. */
export function summaryDetailPaths(insights: Insights): string[] {
  return [...mentionedAspects(insights).map((a) => aspectPath(a.id)), ...insights.topics.map((t) => topicPath(t.id))];
}
