import type { EditorialFile } from '../../schemas/editorial.ts';
import type { AspectSummary, Insights, Topic } from '../../schemas/insights.ts';
import { count, inSentence, listOf, stars } from './wording.ts';

export interface SummaryInput {
  editorial: EditorialFile;
  reviewCount: number;
  averageRating: number | null;
  dateRange: Insights['date_range'];
  overall: Insights['overall_sentiment'];
  aspects: readonly AspectSummary[];
  entities: Insights['entities'];
  trend: Insights['temporal']['trend'];
  topics: readonly Topic[];
}

/** An aspect needs this many mentions before the summary calls it a strength or weakness. */
const MIN_MENTIONS = 3;

/** The owner's intro followed by sentences computed from the analysis. */
export function writeSummary(input: SummaryInput): string {
  const intro = input.editorial.summary.intro;
  if (input.reviewCount === 0) return `${intro} No reviews have been published yet.`;
  return [intro, volume(input), praise(input.aspects), themes(input.topics), people(input.entities), trend(input.trend)]
    .filter(Boolean)
    .join(' ');
}

function volume(input: SummaryInput): string {
  const { earliest, latest } = input.dateRange;
  return (
    `${count(input.reviewCount, 'verified review')} from ${earliest} to ${latest} average ${stars(input.averageRating)}; ` +
    `${input.overall.positive_pct}% of the written reviews read positive and ${input.overall.negative_pct}% negative.`
  );
}

function praise(aspects: readonly AspectSummary[]): string {
  const known = aspects.filter((a) => a.mention_count >= MIN_MENTIONS);
  if (known.length === 0) return '';
  const best = [...known].sort((a, b) => b.positive_count - a.positive_count || b.score - a.score).slice(0, 2);
  const worst = [...known].sort((a, b) => b.negative_count - a.negative_count || a.score - b.score)[0]!;
  const praised = `Customers most often praise ${listOf(best.map((a) => `${inSentence(a.label)} (${a.positive_pct}% positive of ${count(a.mention_count, 'mention')})`))}`;
  if (worst.negative_count === 0) return `${praised}, and no aspect draws repeated criticism.`;
  return `${praised}; ${inSentence(worst.label)} draws the most criticism (${worst.negative_count} negative of ${worst.mention_count}).`;
}

/** Themes the summary names, most reviews first. */
const SUMMARY_TOPICS = 3;

function themes(topics: readonly Topic[]): string {
  const top = topics.slice(0, SUMMARY_TOPICS);
  if (top.length === 0) return '';
  return `The themes reviews come back to most are ${listOf(top.map((t) => `${inSentence(t.label)} (${count(t.review_count, 'review')})`))}.`;
}

function people(entities: Insights['entities']): string {
  const technician = entities.technicians[0];
  const service = entities.services[0];
  const parts: string[] = [];
  if (technician && technician.mention_count > 0)
    parts.push(`the most mentioned technician is ${technician.name} (${count(technician.mention_count, 'review')})`);
  if (service && service.mention_count > 0)
    parts.push(`the most discussed service is ${inSentence(service.label)} (${count(service.mention_count, 'review')})`);
  if (parts.length === 0) return '';
  const sentence = listOf(parts);
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`;
}

function trend(t: Insights['temporal']['trend']): string {
  if (t.direction === 'insufficient_data' || !t.recent || !t.previous) return '';
  const change = t.rating_change === null ? '' : ` (${t.rating_change >= 0 ? '+' : ''}${t.rating_change.toFixed(2)} stars)`;
  const words = { improving: 'improving', declining: 'declining', stable: 'stable' }[t.direction];
  return `Over the latest six months (${t.recent.from} to ${t.recent.to}) ratings are ${words} against the six before${change}.`;
}
