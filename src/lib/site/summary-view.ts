import type { AspectSummary, Insights } from '../../schemas/insights.ts';
import { reviewPermalink } from './permalinks.ts';

/**
 * Lookups the summary page needs from the insights, so the page stays a composition: a cited
 * review's permalink (its date is in `per_review`) and an aspect's evidence quotes (the verbatim
 * substrings the analyser kept). Nothing here computes a figure.
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

export interface EvidenceQuote extends CitedReview {
  text: string;
  polarity: 'positive' | 'neutral' | 'negative';
}

/** The aspect's example reviews with the words each used about it, strongest first. */
export function evidenceQuotes(insights: Insights, aspect: AspectSummary, limit = 3): EvidenceQuote[] {
  const quotes: EvidenceQuote[] = [];
  for (const cited of citedReviews(insights, aspect.example_review_ids)) {
    const found = insights.per_review[cited.id]?.aspects.find((a) => a.id === aspect.id);
    if (found) quotes.push({ ...cited, text: found.evidence, polarity: found.polarity });
    if (quotes.length === limit) break;
  }
  return quotes;
}
