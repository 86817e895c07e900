import type { Aspect, ServiceFile, Technician } from '../../schemas/catalogue.ts';
import type { EditorialFile, FaqSubject } from '../../schemas/editorial.ts';
import type { AspectSummary, FaqAnswer, Insights, Reason } from '../../schemas/insights.ts';
import type { ReviewResult } from './analyse-review.ts';
import { firstName } from '../technician-phrases.ts';
import { bestExamples } from './examples.ts';
import { praisesTechnician } from './office.ts';
import { quantifier } from './quantifiers.ts';
import { isQuotable } from './quotes.ts';
import type { ReasonIndex } from './reasons/find-reasons.ts';
import type { SentenceIndex } from './review-sentences.ts';
import { quotesNaming, servicePattern } from './topics/find-topics.ts';
import { capitalise, count, inSentence, listOf, numberInWords } from './wording.ts';

export interface FaqInput {
  editorial: EditorialFile;
  businessName: string;
  aspects: readonly Aspect[];
  technicians: readonly Technician[];
  services: readonly ServiceFile[];
  results: readonly ReviewResult[];
  sentences: SentenceIndex;
  aspectSummaries: readonly AspectSummary[];
  reasons: ReasonIndex;
  entities: Insights['entities'];
  overall: Insights['overall_sentiment'];
}

interface Answer {
  answer: string;
  review_ids: string[];
}

interface Quote {
  text: string;
  review_id: string;
}

/**
 * The owner writes the questions; every answer is computed from the reviews and
 * cites them (docs/insights.md, "FAQ answers"). The answer's shape follows the
 * question: a yes/no question gets a verdict first, a "what" question what
 * customers say; quotes are whole sentences of the reviews.
 */
export function answerFaq(input: FaqInput): FaqAnswer[] {
  return input.editorial.faq.map((q) => ({ id: q.id, question: q.question, about: q.about, ...answer(q.question, q.about, input) }));
}

/** A question a yes or a no answers ("Do they…?", "Are their prices fair?"); any other asks for content. */
export function isYesNoQuestion(question: string): boolean {
  return /^(?:do|does|did|are|is|was|were|can|could|will|would|have|has|should)\b/i.test(question.trim());
}

/**
 * Words in a question that narrow it to emergency jobs; the answer then counts
 * and quotes reviews of such jobs only (an emergency call, sparks, a burning
 * smell, power gone), not any praise of quick service. A storm or an outage
 * named as the reason for a planned generator install is no emergency job.
 */
const EMERGENCY_QUESTION = /\b(?:emergenc\w*|outages?|urgent)\b/i;
export const EMERGENCY_JOB =
  /\b(?:emergenc\w*|after[- ]hours|middle of the night|on-call|sparks?|sparked|sparking|burning smell|smell of burning|smoke|smoking|hot to the touch|(?:power|half the (?:house|kitchen)) (?:went|was) (?:out|dead)|went dead|(?:had|have) no power|without power)\b/i;

function answer(question: string, about: FaqSubject, input: FaqInput): Answer {
  switch (about.kind) {
    case 'aspect':
      return aspectAnswer(about.id, question, input);
    case 'service':
      return serviceAnswer(about.id, question, input);
    case 'technician':
      return technicianAnswer(about.id, input);
    case 'complaints':
      return complaintsAnswer(input);
    case 'problems':
      return problemsAnswer(input);
    case 'overall':
      return overallAnswer(input);
  }
}

/**
 * An aspect's answer takes one of three shapes by how the reviews lean: a
 * clear yes (85% positive or more) leads with the reason most give; a mostly
 * yes gives the praise and then the commonest complaint; a divided one sets
 * both side by side. A question about emergencies counts and quotes only the
 * reviews of emergency jobs (EMERGENCY_JOB).
 */
function aspectAnswer(id: string, question: string, input: FaqInput): Answer {
  const summary = input.aspectSummaries.find((a) => a.id === id);
  const label = labelOf(id, input);
  if (!summary || summary.mention_count === 0) return { answer: `No review mentions ${label} yet.`, review_ids: [] };
  const emergency = EMERGENCY_QUESTION.test(question) ? emergencyReviews(input) : null;
  const mentions = input.results.flatMap((r) => {
    const found = r.analysis.aspects.find((a) => a.id === id);
    return found && (!emergency || emergency.has(r.review.id)) ? [found.polarity] : [];
  });
  const n = mentions.length;
  const positives = mentions.filter((p) => p === 'positive').length;
  const negatives = mentions.filter((p) => p === 'negative').length;
  const subject = emergency ? `${label} on emergency calls (sparks, a burning smell, power gone)` : label;
  if (n === 0) return { answer: `No review of an emergency job mentions ${label} yet.`, review_ids: [] };
  const praise = strongest(summary.reasons, 'positive', emergency);
  const complaint = strongest(summary.reasons, 'negative', emergency);
  const good = emergency ? sentenceAbout(input, id, 'positive', emergency) : (praise?.quote ?? sentenceAbout(input, id, 'positive', null));
  const bad = emergency
    ? sentenceAbout(input, id, 'negative', emergency)
    : (complaint?.quote ?? sentenceAbout(input, id, 'negative', null));
  const share = positives / n;
  const ids = unique([good?.review_id, bad?.review_id, ...(emergency ? [] : summary.example_review_ids)]);
  const yesNo = isYesNoQuestion(question);
  if (share >= 0.85) {
    const lead = yesNo ? 'Yes. ' : '';
    const why = praise ? `The reason customers give most is that ${praise.reason.label}` : `Customers speak well of ${subject}`;
    const rare =
      negatives === 0
        ? ' No review criticises it.'
        : ` Complaints are rare (${numberInWords(negatives)} of ${numberInWords(n)} reviews)${bad ? `: ${quoted(bad.text)}` : '.'}`;
    return { answer: `${lead}${why}${good ? `: ${quoted(good.text)}` : '.'}${rare}`, review_ids: ids };
  }
  if (share >= 0.6) {
    const lead = yesNo ? 'Mostly. ' : '';
    const q = quantifier(positives, n) ?? numberInWords(positives);
    const praised = `${capitalise(q)} of the ${numberInWords(n)} reviews that mention ${subject} speak well of it${praise ? `, most often because ${praise.reason.label}` : ''}`;
    const against =
      negatives === 0
        ? ''
        : complaint
          ? ` The commonest complaint among the ${numberInWords(negatives)} critical ones is that ${complaint.reason.label}${bad ? `: ${quoted(bad.text)}` : '.'}`
          : ` ${capitalise(numberInWords(negatives))} are critical${bad ? `: ${quoted(bad.text)}` : '.'}`;
    return { answer: `${lead}${praised}${good ? `: ${quoted(good.text)}` : '.'}${against}`, review_ids: ids };
  }
  const lead = yesNo ? 'Opinions are divided. ' : '';
  return {
    answer:
      `${lead}Of the ${numberInWords(n)} reviews that mention ${subject}, ${numberInWords(positives)} ${positives === 1 ? 'praises' : 'praise'} it and ${numberInWords(negatives)} ${negatives === 1 ? 'criticises' : 'criticise'} it.` +
      `${good ? ` On the good side: ${quoted(good.text)}` : ''}${bad ? ` On the other: ${quoted(bad.text)}` : ''}`,
    review_ids: ids,
  };
}

/** “text”, closed with a full stop unless the sentence ends with its own. */
function quoted(text: string): string {
  return /[.!?…]["'”’)]*$/u.test(text) ? `“${text}”` : `“${text}”.`;
}

/** The reason with most reviews of one polarity and its best quote; only quotes from `within` when given. */
function strongest(
  reasons: readonly Reason[],
  polarity: Reason['polarity'],
  within: ReadonlySet<string> | null,
): { reason: Reason; quote: Quote | null } | null {
  for (const reason of reasons.filter((r) => r.polarity === polarity)) {
    if (within && !reason.review_ids.some((id) => within.has(id))) continue;
    return { reason, quote: reason.quotes.find((q) => !within || within.has(q.review_id)) ?? null };
  }
  return null;
}

/**
 * A whole sentence of a review that judges the aspect that way: within
 * emergency jobs, a sentence that says the emergency; otherwise the sentence
 * holding the analyser's evidence. Reviews in the order that best illustrates
 * the aspect (examples.ts: a cue that judges it by itself, short evidence,
 * stars that agree).
 */
function sentenceAbout(
  input: FaqInput,
  aspect: string,
  polarity: 'positive' | 'negative',
  within: ReadonlySet<string> | null,
  among: ReadonlySet<string> | null = within,
): Quote | null {
  const sign = polarity === 'positive' ? 1 : -1;
  const byId = new Map(input.results.map((r) => [r.review.id, r]));
  const candidates = bestExamples(input.results, aspect, polarity, input.results.length)
    .filter((id) => !among || among.has(id))
    .map((id) => byId.get(id)!);
  for (const r of candidates) {
    const sentences = input.sentences.get(r.review.id) ?? [];
    const evidence = r.analysis.aspects.find((a) => a.id === aspect)!.evidence;
    const at = (r.review.text ?? '').indexOf(evidence);
    const holding = sentences.find((s) => at >= s.start && at < s.start + s.text.length);
    const pick = within ? sentences.find((s) => EMERGENCY_JOB.test(s.text) && s.score * sign > 0 && isQuotable(s.text)) : holding;
    if (pick && isQuotable(pick.text) && pick.score * sign >= 0) return { text: pick.text, review_id: r.review.id };
  }
  // An emergency job whose sentence naming the emergency is neutral: the sentence holding the evidence.
  return within ? sentenceAbout(input, aspect, polarity, null, within) : null;
}

function emergencyReviews(input: FaqInput): Set<string> {
  return new Set(input.results.filter((r) => r.review.text && EMERGENCY_JOB.test(r.review.text)).map((r) => r.review.id));
}

function serviceAnswer(id: string, question: string, input: FaqInput): Answer {
  const service = input.services.find((s) => s.id === id);
  const entry = input.entities.services.find((s) => s.id === id);
  if (!service || !entry) return { answer: `“${id}” is not in ${input.businessName}'s services catalogue.`, review_ids: [] };
  const label = inSentence(service.label);
  const offered = isYesNoQuestion(question) ? `Yes: ${label} is one of ${input.businessName}'s services.` : '';
  if (entry.mention_count === 0)
    return { answer: `${offered || `No review describes ${label} yet.`}${offered ? ' No review describes one yet.' : ''}`, review_ids: [] };
  const ids = input.results.filter((r) => r.analysis.services.includes(id)).map((r) => r.review.id);
  const polarity = entry.sentiment?.label ?? 'neutral';
  const quotes = quotesNaming(ids, input.sentences, input.results, servicePattern(input.services, id), polarity, 2);
  const positive = input.results.filter((r) => r.analysis.services.includes(id) && r.analysis.sentiment?.label === 'positive').length;
  const q = quantifier(positive, ids.length);
  const said = quotes.length > 0 ? `Customers write ${listOf(quotes.map((x) => `“${x.text}”`))}` : '';
  const tone = `${capitalise(q ?? numberInWords(positive))} of the ${numberInWords(ids.length)} reviews of ${label} jobs read positive, at ${entry.average_rating?.toFixed(1) ?? 'no'} stars on average.`;
  return {
    answer: [offered, tone, said && (/[.!?…]”$/u.test(said) ? said : `${said}.`)].filter(Boolean).join(' '),
    review_ids: unique([...quotes.map((x) => x.review_id), ...entry.example_review_ids]),
  };
}

/** What customers say of one person: the reasons whose sentences are about them, and a sentence that names them. */
function technicianAnswer(name: string, input: FaqInput): Answer {
  const wanted = name.toLowerCase();
  const technician = input.technicians.find((t) => [t.name, firstName(t.name), ...t.aliases].some((n) => n.toLowerCase() === wanted));
  const entry = technician && input.entities.technicians.find((t) => t.name === technician.name);
  if (!technician || !entry) return { answer: `${name} is not on ${input.businessName}'s roster.`, review_ids: [] };
  const intro = `${technician.name}${technician.role ? ` (${inSentence(technician.role)})` : ''}`;
  if (entry.mention_count === 0) return { answer: `No review names ${intro} yet.`, review_ids: [] };
  // What customers say of this person: the reasons whose sentences are about them, by how many reviews give each.
  const theirs = [...input.reasons.byAspect.values()]
    .flat()
    // A sentence about the company in a review that names only this person is about their job.
    .filter(
      (m) =>
        m.concern === technician.name ||
        (m.concern === 'company' && m.result.analysis.technicians.length === 1 && m.result.analysis.technicians[0] === technician.name),
    )
    .reduce(
      (byCue, m) => byCue.set(m.cue.label, (byCue.get(m.cue.label) ?? new Set<string>()).add(m.result.review.id)),
      new Map<string, Set<string>>(),
    );
  const said = [...theirs].sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1)).slice(0, 3);
  const names = new RegExp(
    `\\b(?:${[technician.name, firstName(technician.name), ...technician.aliases].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`,
  );
  const reviews = input.results.filter((r) => r.analysis.technicians.includes(technician.name));
  const quote = reviews
    .slice()
    .sort((a, b) => b.review.rating - a.review.rating)
    .flatMap((r) =>
      (input.sentences.get(r.review.id) ?? [])
        .filter((s) => names.test(s.text) && isQuotable(s.text) && s.score > 0)
        .map((s) => ({ text: s.text, review_id: r.review.id })),
    )[0];
  const critical = reviews.filter((r) => r.review.rating <= 3).length;
  const first = firstName(technician.name);
  const one = entry.mention_count === 1;
  const named = `${capitalise(count(entry.mention_count, 'review'))} ${one ? 'names' : 'name'} ${intro}`;
  const summary =
    said.length > 0
      ? `${named}, and what ${one ? 'it says' : 'they say'} of ${first} most often is ${listOf(said.map(([label, ids]) => `that ${label} (${count(ids.size, 'review')})`))}.`
      : `${named}.`;
  const tail =
    critical === 0
      ? ' None of those reviews gives fewer than four stars.'
      : ` ${capitalise(count(critical, 'review'))} naming ${first} ${critical === 1 ? 'gives' : 'give'} three stars or fewer.`;
  return {
    answer: `${summary}${quote ? ` One writes: ${quoted(quote.text)}` : ''}${tail}`,
    review_ids: unique([quote?.review_id, ...said.flatMap(([, ids]) => [...ids].slice(0, 1)), ...entry.example_review_ids]),
  };
}

function complaintsAnswer(input: FaqInput): Answer {
  const low = input.results.filter((r) => r.review.rating <= 2).length;
  const reasons = input.aspectSummaries
    .flatMap((a) => a.reasons.filter((r) => r.polarity === 'negative'))
    .sort((a, b) => b.review_count - a.review_count)
    .slice(0, 3);
  if (reasons.length === 0)
    return {
      answer: `${capitalise(numberInWords(low))} of the ${numberInWords(input.results.length)} reviews ${low === 1 ? 'gives' : 'give'} one or two stars, and no complaint recurs.`,
      review_ids: [],
    };
  const office = input.entities.office;
  const example = reasons.flatMap((r) => r.quotes)[0];
  const mentioning = new Set(office.review_ids);
  const critical = input.results.filter((r) => r.review.rating <= 3 && mentioning.has(r.review.id));
  const praising = critical.filter((r) =>
    praisesTechnician(r, input.sentences.get(r.review.id) ?? [], input.reasons.officeSentences.get(r.review.id)),
  );
  const also = praising.length * 2 > critical.length ? ', often in reviews that praise the electrician' : '';
  const officeNote =
    office.negative_count >= 2
      ? ` Of the ${count(office.mention_count, 'review')} that mention the office and staff, ${numberInWords(office.negative_count)} criticise them${also}.`
      : '';
  return {
    answer:
      `The complaints that recur: ${listOf(reasons.map((r) => `${r.label} (${count(r.review_count, 'review')})`))}.${officeNote}` +
      `${example ? ` As one customer puts it: ${quoted(example.text)}` : ''}`,
    review_ids: unique([...reasons.flatMap((r) => r.quotes.map((q) => q.review_id)), ...office.review_ids.slice(0, 2)]),
  };
}

function problemsAnswer(input: FaqInput): Answer {
  const problems = input.entities.problems.slice(0, 4);
  if (problems.length === 0) return { answer: 'No review describes a specific electrical problem yet.', review_ids: [] };
  const list = listOf(problems.map((p) => `${inSentence(p.label)} (${count(p.mention_count, 'review')})`));
  const best = problems.filter((p) => (p.average_rating ?? 0) >= 4.5).map((p) => inSentence(p.label));
  return {
    answer: `Most often ${list}.${best.length > 0 ? ` Customers who called about ${listOf(best)} rate the fix highly.` : ''}`,
    review_ids: unique(problems.map((p) => p.example_review_ids[0])),
  };
}

/** Overall: how the stars fall, then the one thing praised and the one criticised most, in customers' words. */
function overallAnswer(input: FaqInput): Answer {
  const rated = input.results.length;
  const five = input.results.filter((r) => r.review.rating === 5).length;
  const low = input.results.filter((r) => r.review.rating <= 2).length;
  const praise = input.aspectSummaries
    .flatMap((a) => a.reasons.filter((r) => r.polarity === 'positive'))
    .sort((a, b) => b.review_count - a.review_count)[0];
  const complaint = input.aspectSummaries
    .flatMap((a) => a.reasons.filter((r) => r.polarity === 'negative'))
    .sort((a, b) => b.review_count - a.review_count)[0];
  const stars = `${capitalise(quantifier(five, rated) ?? numberInWords(five))} of the ${numberInWords(rated)} reviews give five stars and ${quantifier(low, rated) ?? numberInWords(low)} give one or two.`;
  const words = [
    praise ? `The praise heard most is that ${praise.label}` : '',
    complaint ? `the complaint heard most that ${complaint.label}` : '',
  ].filter(Boolean);
  return {
    answer: `${stars}${words.length > 0 ? ` ${words.join('; ')}.` : ''}`,
    review_ids: unique([praise?.quotes[0]?.review_id, complaint?.quotes[0]?.review_id]),
  };
}

function labelOf(id: string, input: FaqInput): string {
  return inSentence(input.aspects.find((a) => a.id === id)?.label ?? id);
}

function unique(ids: readonly (string | undefined)[]): string[] {
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}
