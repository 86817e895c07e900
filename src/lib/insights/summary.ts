import type { EditorialFile } from '../../schemas/editorial.ts';
import type { AspectSummary, Insights, OfficeInsight, Reason, SummarySentence } from '../../schemas/insights.ts';
import type { ReviewResult } from './analyse-review.ts';
import { mean } from './numbers.ts';
import { quantifier, type Quantifier } from './quantifiers.ts';
import type { Announcement } from './replies.ts';
import { CRITICAL_MAX_STARS } from './replies.ts';
import { REASON_CUES } from './reasons/catalogue.ts';
import { praisesTechnician } from './office.ts';
import type { ScoredSentence, SentenceIndex } from './review-sentences.ts';
import { capitalise, inSentence, listOf, monthInWords, numberInWords } from './wording.ts';

export interface SummaryInput {
  editorial: EditorialFile;
  /** Newest first. */
  results: readonly ReviewResult[];
  aspects: readonly AspectSummary[];
  office: OfficeInsight;
  /** The reviews that speak ill of the office and staff. */
  officeCritical: ReadonlySet<string>;
  /** Each review's sentences about the office and staff. */
  officeSentences: ReadonlyMap<string, readonly ScoredSentence[]>;
  replyRate: Insights['reply_rate'];
  announcements: readonly Announcement[];
  sentences: SentenceIndex;
}

/** An aspect needs this many mentions before the summary calls it a strength or weakness. */
const MIN_MENTIONS = 3;
/** "Lately" is the last twelve months of reviews, counted back from the newest review's date (never from today). */
export const RECENT_MONTHS = 12;
/**
 * An aspect's share of negative mentions has changed when a two-proportion
 * z-test says so at the 5% level (|z| ≥ 1.96), with this many mentions on each
 * side: a move from 9 of 38 to 2 of 15 is noise, and the summary does not
 * report noise as news.
 */
export const CHANGE = { z: 1.96, minMentions: 5 } as const;
/** The owner's announced changes the summary names. */
const ANNOUNCEMENTS = 2;

/**
 * The summary an editor would sign (docs/insights.md, "The summary"): the
 * owner's intro, then what customers like, what they dislike, whom the
 * complaints blame, and what changed lately, each sentence with the reviews
 * it rests on. Counts are said in words (quantifiers.ts); figures are kept to
 * the number of reviews, the average rating and the owner's replies.
 */
export function writeSummary(input: SummaryInput): SummarySentence[] {
  const intro = { text: input.editorial.summary.intro, review_ids: [] };
  if (input.results.length === 0) return [intro, { text: 'No reviews have been published yet.', review_ids: [] }];
  const criticised = input.aspects
    .filter((a) => a.mention_count >= MIN_MENTIONS && a.negative_count >= 2)
    .sort((a, b) => b.negative_count - a.negative_count || compareId(a, b));
  return [
    intro,
    overview(input),
    likes(input),
    divided(criticised[0]),
    otherComplaints(input, criticised[1]),
    lately(input, criticised),
  ].filter((s): s is SummarySentence => s !== null);
}

function overview(input: SummaryInput): SummarySentence {
  const { results } = input;
  const written = results.filter((r) => r.analysis.sentiment !== null);
  const positive = written.filter((r) => r.analysis.sentiment!.label === 'positive');
  const average = mean(results.map((r) => r.review.rating))!;
  const first = results[results.length - 1]!.review.date;
  const q = quantifier(positive.length, written.length) ?? 'none';
  return {
    text:
      `The ${numberInWords(results.length)} verified ${results.length === 1 ? 'review' : 'reviews'} since ${monthInWords(first)} ` +
      `give ${average.toFixed(1)} stars on average, and ${q} of the written ones read positive.`,
    review_ids: positive.map((r) => r.review.id),
  };
}

/** What customers like: the two most praised aspects, each with the reason most give for it; shares of the written reviews. */
function likes(input: SummaryInput): SummarySentence | null {
  const praised = input.aspects
    .filter((a) => a.mention_count >= MIN_MENTIONS && a.positive_count > 0)
    .sort((a, b) => b.positive_count - a.positive_count || compareId(a, b))
    .slice(0, 2);
  if (praised.length === 0) return null;
  const reasons = praised.flatMap((a) => a.reasons.filter((r) => r.polarity === 'positive').slice(0, 1));
  const said = reasonClauses(reasons, writtenCount(input.results));
  return {
    text: `Customers praise above all ${listOf(praised.map((a) => `the ${inSentence(a.label)}`))}${said ? `: ${said}` : ''}.`,
    review_ids: unique([...reasons.flatMap((r) => r.quotes.map((q) => q.review_id)), ...praised.flatMap((a) => a.example_review_ids)]),
  };
}

/**
 * The most criticised aspect, both sides: the pair of opposite reasons
 * (reasons/catalogue.ts) that most reviews give on each side ("some say the
 * price was fair, while a few say the price was high for the job"), as
 * shares of the reviews that mention the aspect.
 */
function divided(aspect: AspectSummary | undefined): SummarySentence | null {
  if (!aspect) return { text: 'No aspect of the work draws repeated criticism.', review_ids: [] };
  const label = `the ${inSentence(aspect.label)}`;
  const pair = oppositePair(aspect.reasons);
  const bad = aspect.reasons.find((r) => r.polarity === 'negative');
  const ids = (reasons: readonly Reason[]) =>
    unique([...reasons.flatMap((r) => r.quotes.map((q) => q.review_id)), ...aspect.example_review_ids]);
  if (pair) {
    const [good, worse] = pair;
    const text = `Opinions divide most on ${label}: of the reviews that mention it, ${reasonClauses([good], aspect.mention_count)}, while ${reasonClauses([worse], aspect.mention_count)}.`;
    return { text, review_ids: ids(pair) };
  }
  const said = bad ? reasonClauses([bad], aspect.mention_count) : '';
  return {
    text: `${capitalise(label)} draws the most complaints${said ? `: of the reviews that mention it, ${said}` : ''}.`,
    review_ids: ids(bad ? [bad] : []),
  };
}

/** The positive reason and its opposite with the most reviews on their weaker side; null when no opposite pair is published. */
function oppositePair(reasons: readonly Reason[]): [Reason, Reason] | null {
  let best: [Reason, Reason] | null = null;
  for (const cue of REASON_CUES) {
    if (!cue.opposite) continue;
    const good = reasons.find((r) => r.id === cue.id);
    const bad = reasons.find((r) => r.id === cue.opposite);
    if (!good || !bad) continue;
    if (!best || Math.min(good.review_count, bad.review_count) > Math.min(best[0].review_count, best[1].review_count)) best = [good, bad];
  }
  return best;
}

/**
 * The next most criticised aspect and, when at least "some" of the reviews of
 * three stars or fewer speak ill of them, the office and staff; "often while praising the
 * electrician" only when most of those reviews do (a sentence that names a
 * technician or "the electrician" and reads positive).
 */
function otherComplaints(input: SummaryInput, next: AspectSummary | undefined): SummarySentence | null {
  const parts: string[] = [];
  const ids: string[] = [];
  if (next) {
    const reason = next.reasons.find((r) => r.polarity === 'negative');
    parts.push(`complaints about the ${inSentence(next.label)} come next${reason ? `, most often that ${reason.label}` : ''}`);
    ids.push(...(reason ? reason.quotes.map((q) => q.review_id) : next.example_review_ids));
  }
  const critical = input.results.filter((r) => r.review.rating <= 3);
  const blamed = critical.filter((r) => input.officeCritical.has(r.review.id));
  const q = quantifier(blamed.length, critical.length);
  if (q !== null && q !== 'a few' && input.office.negative_count > 0) {
    const praising = blamed.filter((r) =>
      praisesTechnician(r, input.sentences.get(r.review.id) ?? [], input.officeSentences.get(r.review.id)),
    );
    const also = praising.length * 2 > blamed.length ? ', often while praising the electrician' : '';
    parts.push(`${q} of the reviews of three stars or fewer blame the office and staff${also}`);
    ids.push(...blamed.map((r) => r.review.id));
  }
  if (parts.length === 0) return null;
  return { text: `${capitalise(parts.join(', and '))}.`, review_ids: unique(ids) };
}

/**
 * What changed lately: an aspect whose share of negative mentions in the last
 * twelve months differs clearly from before (or the statement that none
 * does), the reply rate to one- and two-star reviews, and the changes the
 * owner's replies announce.
 */
function lately(input: SummaryInput, criticised: readonly AspectSummary[]): SummarySentence | null {
  const ids: string[] = [];
  const moved = biggestChange(input);
  const change = moved
    ? `In the last twelve months complaints about the ${inSentence(moved.label)} have become ${moved.after < moved.before ? 'rarer' : 'more frequent'}`
    : 'In the last twelve months no aspect draws clearly more or fewer complaints than before';
  if (moved) ids.push(...moved.ids);
  const replies: string[] = [];
  const critical = input.results.filter((r) => r.review.rating <= CRITICAL_MAX_STARS);
  const answered = critical.filter((r) => r.review.owner_reply);
  if (critical.length > 0) {
    replies.push(`the owner answered ${numberInWords(answered.length)} of the ${numberInWords(critical.length)} one- and two-star reviews`);
    ids.push(...answered.map((r) => r.review.id));
  }
  const changes = pickAnnouncements(input.announcements, moved ? [moved.id] : criticised.slice(0, 2).map((a) => a.id), input.aspects);
  if (changes.length > 0) {
    replies.push(`the replies announce changes such as ${listOf(changes.map((c) => `“${c.clause}” (${monthInWords(c.date)})`))}`);
    ids.push(...changes.map((c) => c.review_id));
  }
  return { text: `${change}${replies.length > 0 ? `; ${replies.join(', and ')}` : ''}.`, review_ids: unique(ids) };
}

interface Change {
  z: number;
  id: string;
  label: string;
  before: number;
  after: number;
  ids: string[];
}

/** The aspect whose share of negative mentions moved most between the last twelve months and the time before. */
export function biggestChange(input: Pick<SummaryInput, 'results' | 'aspects'>): Change | null {
  const latest = input.results[0]?.review.date;
  if (!latest) return null;
  const cutoff = monthsBefore(latest, RECENT_MONTHS);
  // One pass over the reviews, counting every aspect at once.
  const tally = new Map<string, { recent: { all: number; negative: number }; before: { all: number; negative: number }; ids: string[] }>();
  for (const r of input.results) {
    const recentSide = r.review.date > cutoff;
    for (const found of r.analysis.aspects) {
      let t = tally.get(found.id);
      if (!t) tally.set(found.id, (t = { recent: { all: 0, negative: 0 }, before: { all: 0, negative: 0 }, ids: [] }));
      const side = recentSide ? t.recent : t.before;
      side.all++;
      if (found.polarity === 'negative') {
        side.negative++;
        t.ids.push(r.review.id);
      }
    }
  }
  let best: Change | null = null;
  for (const aspect of input.aspects) {
    const t = tally.get(aspect.id);
    if (!t) continue;
    const { recent, before, ids } = t;
    if (recent.all < CHANGE.minMentions || before.all < CHANGE.minMentions) continue;
    const z = twoProportionZ(before.negative, before.all, recent.negative, recent.all);
    const change = {
      id: aspect.id,
      label: aspect.label,
      before: before.negative / before.all,
      after: recent.negative / recent.all,
      ids,
      z,
    };
    if (Math.abs(z) < CHANGE.z) continue;
    if (!best || Math.abs(z) > Math.abs(best.z)) best = change;
  }
  return best;
}

/** The pooled two-proportion z statistic of a1/n1 against a2/n2; 0 when the pooled share is 0 or 1. */
export function twoProportionZ(a1: number, n1: number, a2: number, n2: number): number {
  const pooled = (a1 + a2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  return se === 0 ? 0 : (a2 / n2 - a1 / n1) / se;
}

/** The day `months` calendar months before an ISO date (same day of the month, clamped): the start of "lately". */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The announcements to name: for each aspect given (the one that changed, or
 * the two most criticised), the newest announcement answering a review that
 * gives one of its complaints (a negative reason), cut to the clause that
 * says the change ("we've since added a second on-call person for extreme
 * weather").
 */
function pickAnnouncements(
  all: readonly Announcement[],
  aspects: readonly string[],
  summaries: readonly AspectSummary[],
): (Announcement & { clause: string })[] {
  const picked: Announcement[] = [];
  for (const aspect of aspects) {
    const complaints = new Set(
      summaries
        .find((a) => a.id === aspect)
        ?.reasons.filter((r) => r.polarity === 'negative')
        .flatMap((r) => r.review_ids) ?? [],
    );
    const found = all.find((a) => !picked.includes(a) && complaints.has(a.review_id));
    if (found) picked.push(found);
  }
  return picked.slice(0, ANNOUNCEMENTS).map((a) => ({ ...a, clause: changeClause(a.text) }));
}

/** From "we've …" to the end of its clause, without the closing full stop. */
export function changeClause(sentence: string): string {
  const at = sentence.search(/\bwe(?:'ve| have| now|'re| are)\b/i);
  const from = at === -1 ? sentence : sentence.slice(at);
  const cut = from.search(/(?:[.;:!?]|,\s(?:so|and|but|which)\b|\s[—–-]\s)/);
  const clause = (cut === -1 ? from : from.slice(0, cut)).trim();
  return clause[0]!.toLowerCase() + clause.slice(1);
}

/** "many say the bill matched the quote, and some that the price was fair". */
function reasonClauses(reasons: readonly Reason[], written: number): string {
  const said = reasons.flatMap((r) => {
    const q = quantifier(r.review_count, written);
    return q === null ? [] : [{ q, label: r.label }];
  });
  return said.map((s, i) => `${quantified(s.q)} ${i === 0 ? 'say' : 'that'} ${s.label}`).join(', and ');
}

function quantified(q: Quantifier): string {
  return q === 'a few' ? 'a few' : q;
}

function writtenCount(results: readonly ReviewResult[]): number {
  return results.filter((r) => r.analysis.sentiment !== null).length;
}

function compareId(a: AspectSummary, b: AspectSummary): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
