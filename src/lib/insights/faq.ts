import type { Aspect, ServiceFile, Technician } from '../../schemas/catalogue.ts';
import type { EditorialFile, FaqSubject } from '../../schemas/editorial.ts';
import type { AspectSummary, EntityStats, FaqAnswer, Insights } from '../../schemas/insights.ts';
import type { ReviewResult } from './analyse-review.ts';
import { firstName } from '../mentions.ts';
import { quoteEvidence } from './examples.ts';
import { count, inSentence, listOf, stars } from './wording.ts';

export interface FaqInput {
  editorial: EditorialFile;
  businessName: string;
  aspects: readonly Aspect[];
  technicians: readonly Technician[];
  services: readonly ServiceFile[];
  results: readonly ReviewResult[];
  aspectSummaries: readonly AspectSummary[];
  entities: Insights['entities'];
  overall: Insights['overall_sentiment'];
}

interface Answer {
  answer: string;
  review_ids: string[];
}

/** The owner writes the questions; every answer is computed from the reviews and cites them. */
export function answerFaq(input: FaqInput): FaqAnswer[] {
  return input.editorial.faq.map((q) => ({ id: q.id, question: q.question, about: q.about, ...answer(q.about, input) }));
}

function answer(about: FaqSubject, input: FaqInput): Answer {
  switch (about.kind) {
    case 'aspect':
      return aspectAnswer(about.id, input);
    case 'service':
      return serviceAnswer(about.id, input);
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

function aspectAnswer(id: string, input: FaqInput): Answer {
  const summary = input.aspectSummaries.find((a) => a.id === id);
  if (!summary || summary.mention_count === 0) return { answer: `No review mentions ${labelOf(id, input)} yet.`, review_ids: [] };
  const positive = quoteEvidence(input.results, id, 'positive');
  const negative = quoteEvidence(input.results, id, 'negative');
  const parts = [
    `${summary.mention_count} of ${count(input.overall.text_review_count, 'written review')} mention ${inSentence(summary.label)}: ` +
      `${summary.positive_count} positively, ${summary.neutral_count} neutrally and ${summary.negative_count} negatively ` +
      `(${summary.positive_pct}% positive).`,
  ];
  if (positive) parts.push(`Customers write, for example, “${positive.text}”.`);
  if (negative) parts.push(`Critical reviews say things like “${negative.text}”.`);
  return { answer: parts.join(' '), review_ids: unique([positive?.id, negative?.id, ...summary.example_review_ids]) };
}

function serviceAnswer(id: string, input: FaqInput): Answer {
  const service = input.services.find((s) => s.id === id);
  const entry = input.entities.services.find((s) => s.id === id);
  if (!service || !entry) return { answer: `“${id}” is not in ${input.businessName}'s services catalogue.`, review_ids: [] };
  const intro = `Yes: ${inSentence(service.label)} is one of ${input.businessName}'s services.`;
  if (entry.mention_count === 0) return { answer: `${intro} No review mentions it yet.`, review_ids: [] };
  return { answer: `${intro} ${entityFacts(entry, input, 'it')}`, review_ids: entry.example_review_ids };
}

function technicianAnswer(name: string, input: FaqInput): Answer {
  const wanted = name.toLowerCase();
  const technician = input.technicians.find((t) => [t.name, firstName(t.name), ...t.aliases].some((n) => n.toLowerCase() === wanted));
  const entry = technician && input.entities.technicians.find((t) => t.name === technician.name);
  if (!technician || !entry) return { answer: `${name} is not on ${input.businessName}'s roster.`, review_ids: [] };
  const intro = `${technician.name}${technician.role ? ` (${technician.role})` : ''}`;
  if (entry.mention_count === 0) return { answer: `${intro}: no review mentions them by name yet.`, review_ids: [] };
  return { answer: `${intro}: ${entityFacts(entry, input, 'them')}`, review_ids: entry.example_review_ids };
}

function complaintsAnswer(input: FaqInput): Answer {
  const low = input.results.filter((r) => r.review.rating <= 2).length;
  const criticised = input.aspectSummaries.filter((a) => a.negative_count > 0).sort((a, b) => b.negative_count - a.negative_count);
  const head = `${low} of ${input.results.length} reviews give 1 or 2 stars.`;
  if (criticised.length === 0) return { answer: `${head} No aspect of the work draws a negative comment.`, review_ids: [] };
  const top = criticised.slice(0, 3);
  const quotes = top.map((a) => quoteEvidence(input.results, a.id, 'negative'));
  const list = listOf(top.map((a) => `${inSentence(a.label)} (${count(a.negative_count, 'review')})`));
  const example = quotes.find((q) => q !== null);
  return {
    answer: `${head} The most frequent complaints are about ${list}.${example ? ` For example: “${example.text}”.` : ''}`,
    review_ids: unique(quotes.map((q) => q?.id)),
  };
}

function problemsAnswer(input: FaqInput): Answer {
  const problems = input.entities.problems.slice(0, 4);
  if (problems.length === 0) return { answer: 'No review describes a specific electrical problem yet.', review_ids: [] };
  const list = listOf(problems.map((p) => `${inSentence(p.label)} (${count(p.mention_count, 'review')})`));
  return {
    answer: `The problems customers describe most often are ${list}. Their average ratings: ${listOf(problems.map((p) => `${stars(p.average_rating)} for ${inSentence(p.label)}`))}.`,
    review_ids: unique(problems.map((p) => p.example_review_ids[0])),
  };
}

function overallAnswer(input: FaqInput): Answer {
  const praised = [...input.aspectSummaries]
    .sort((a, b) => b.positive_count - a.positive_count)
    .filter((a) => a.positive_count > 0)
    .slice(0, 3);
  const ratings = input.results.map((r) => r.review.rating);
  const average = ratings.length === 0 ? null : ratings.reduce((a, b) => a + b, 0) / ratings.length;
  const parts = [
    `${input.results.length} verified reviews average ${stars(average)}; ${input.overall.positive_pct}% of the written ones read positive and ${input.overall.negative_pct}% negative.`,
  ];
  if (praised.length > 0) parts.push(`Customers praise ${listOf(praised.map((a) => inSentence(a.label)))} most often.`);
  return { answer: parts.join(' '), review_ids: unique(praised.map((a) => a.example_review_ids[0])) };
}

function entityFacts(entry: EntityStats, input: FaqInput, pronoun: string): string {
  const aspects = entry.top_aspects.map((a) => labelOf(a.id, input));
  const reviews = `${count(entry.mention_count, 'review')} ${entry.mention_count === 1 ? 'mentions' : 'mention'}`;
  const tone = entry.sentiment ? `, and their text reads ${entry.sentiment.label}` : '';
  const about = aspects.length > 0 ? ` They talk most about ${listOf(aspects)}.` : '';
  return `${reviews} ${pronoun}, with an average rating of ${stars(entry.average_rating)}${tone}.${about}`;
}

function labelOf(id: string, input: FaqInput): string {
  return inSentence(input.aspects.find((a) => a.id === id)?.label ?? id);
}

function unique(ids: readonly (string | undefined)[]): string[] {
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}
