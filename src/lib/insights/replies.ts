import type { Insights } from '../../schemas/insights.ts';
import type { ReviewResult } from './analyse-review.ts';
import { round } from './numbers.ts';
import { splitSentences } from './quotes.ts';

/** One- and two-star reviews: the ones a reader checks the owner's answers to. */
export const CRITICAL_MAX_STARS = 2;

/** Shares (0–1, 3 decimals) of the critical reviews and of all reviews the owner answered; null without such reviews. */
export function replyRate(results: readonly ReviewResult[]): Insights['reply_rate'] {
  const share = (list: readonly ReviewResult[]): number | null =>
    list.length === 0 ? null : round(list.filter((r) => r.review.owner_reply).length / list.length, 3);
  return { critical: share(results.filter((r) => r.review.rating <= CRITICAL_MAX_STARS)), all: share(results) };
}

/** A change the owner's reply says was made: "we've since added…", "we now send…", "we've changed…". */
const ANNOUNCES =
  /\bwe(?:'ve| have)(?: since| now| also)? (?:changed|added|started|set up|set|hired|introduced|moved|switched|reworked|begun|built|fixed)\b|\bwe now (?:send|run|keep|call|text|offer|check|use|have)\b|\bwe(?:'re| are) reworking\b/i;

export interface Announcement {
  /** The owner's sentence, verbatim. */
  text: string;
  /** The reply's date. */
  date: string;
  /** The review the reply answers. */
  review_id: string;
}

/** The changes the owner's replies to reviews of three stars or fewer announce, newest first. */
export function announcedChanges(results: readonly ReviewResult[]): Announcement[] {
  const out: Announcement[] = [];
  for (const r of results) {
    const reply = r.review.owner_reply;
    if (!reply || r.review.rating > 3) continue;
    for (const s of splitSentences(reply.text)) {
      if (ANNOUNCES.test(s.text)) out.push({ text: s.text, date: reply.date, review_id: r.review.id });
    }
  }
  return out.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}
