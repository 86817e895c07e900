import type { Aspect, OfficeStaff, ServiceArea, ServiceFile, Technician } from '../../schemas/catalogue.ts';
import type { EditorialFile } from '../../schemas/editorial.ts';
import type { Insights } from '../../schemas/insights.ts';
import type { Review } from '../../schemas/review.ts';
import { compareNewestFirst } from '../order.ts';
import { analyseReview, createAnalysisContext } from './analyse-review.ts';
import { summariseAspects } from './aspect-summary.ts';
import { summariseEntities } from './entities.ts';
import { answerFaq } from './faq.ts';
import { INSIGHTS_FORMAT_VERSION, MODEL } from './model.ts';
import { summariseOffice } from './office.ts';
import { dateRange, generatedAt, overallSentiment } from './overall.ts';
import { pickPullQuote } from './pull-quote.ts';
import { createOfficeFinder } from './reasons/concerns.ts';
import { indexReasons } from './reasons/find-reasons.ts';
import { announcedChanges, replyRate } from './replies.ts';
import { indexSentences } from './review-sentences.ts';
import { writeSummary } from './summary.ts';
import { temporal } from './temporal.ts';
import { findTopics } from './topics/find-topics.ts';

export interface InsightsInput {
  reviews: Review[];
  aspects: Aspect[];
  technicians: Technician[];
  services: ServiceFile[];
  serviceAreas: ServiceArea[];
  editorial: EditorialFile;
  businessName: string;
  /** The office and staff the owner lists (`office_staff` in business.json); none when absent. */
  officeStaff?: readonly OfficeStaff[];
}

/**
 * Reviews in, insights out: pure and deterministic. The reviews are put in
 * canonical order first (newest first, then id), so the output does not
 * depend on the order they arrive in.
 */
export function buildInsights(input: InsightsInput): Insights {
  const context = createAnalysisContext(input.aspects, input.technicians, input.serviceAreas);
  const results = [...input.reviews].sort(compareNewestFirst).map((review) => analyseReview(review, context));
  const sentences = indexSentences(results);
  const office = createOfficeFinder(input.officeStaff ?? [], input.technicians, input.serviceAreas);
  const reasons = indexReasons(results, sentences, input.technicians, office);
  const aspects = summariseAspects(input.aspects, results, reasons);
  const officeSummary = summariseOffice(results, reasons);
  const entities = {
    ...summariseEntities({ ...input, problemLabels: context.problems.labels, aspectOrder: context.aspectOrder }, results),
    office: officeSummary.office,
  };
  const overall = overallSentiment(results);
  const range = dateRange(results);
  const time = temporal(results);
  const topics = findTopics({ results, sentences, aspects, services: entities.services, catalogue: input.services });
  const replies = replyRate(results);
  const summary = writeSummary({
    editorial: input.editorial,
    results,
    aspects,
    office: entities.office,
    officeCritical: officeSummary.critical,
    officeSentences: reasons.officeSentences,
    replyRate: replies,
    announcements: announcedChanges(results),
    sentences,
  });
  return {
    version: INSIGHTS_FORMAT_VERSION,
    generated_at: generatedAt(results),
    model: { name: MODEL.name, version: MODEL.version },
    review_count: results.length,
    date_range: range,
    overall_sentiment: overall,
    aspects,
    entities,
    topics,
    temporal: time,
    per_review: Object.fromEntries(results.map((r) => [r.review.id, r.analysis])),
    faq: answerFaq({ ...input, results, sentences, reasons, aspectSummaries: aspects, entities, overall }),
    summary: summary.map((s) => s.text).join(' '),
    summary_sentences: summary,
    reply_rate: replies,
    pull_quote: pickPullQuote(results),
  };
}
