import { z } from 'zod';
import { BusinessSchema } from './business.ts';
import { AspectIdSchema, ServiceSchema, TechnicianSchema } from './catalogue.ts';
import { SlugSchema, UlidSchema } from './common.ts';
import {
  AspectSummarySchema,
  FaqAnswerSchema,
  InsightsSchema,
  ReviewAnalysisSchema,
  ServiceInsightSchema,
  TechnicianInsightSchema,
  TrendSchema,
} from './insights.ts';
import { ReviewSchema } from './review.ts';
import { AggregateRatingSchema } from './reviews-dataset.ts';
import { SearchQuerySchema, SincePathSchema, SinceResultSchema } from './search.ts';

/**
 * Arguments and answers of the MCP tools, composed from the schemas the
 * datasets and the HTTP endpoints use: a tool answer is a view of an
 * artifact, never a shape of its own. Every tool answer is an object (MCP's
 * `structuredContent` must be one).
 */

const NoArgumentsSchema = z.strictObject({});

export const GetBusinessInputSchema = NoArgumentsSchema;
export const GetBusinessOutputSchema = z.object({ business: BusinessSchema, aggregate_rating: AggregateRatingSchema });

/** The HTTP search's own schema: the same filters, limits and checks (contract section 3). */
export const SearchReviewsInputSchema = SearchQuerySchema;

export const GetReviewInputSchema = z.strictObject({ id: UlidSchema.describe('Review id (a ULID)') });
export const GetReviewOutputSchema = z.object({
  review: ReviewSchema,
  analysis: ReviewAnalysisSchema.describe("The analyser's reading of this review: sentiment, aspects with evidence, mentions"),
});

/** The since endpoint's date, plus a page size: a since answer over years of reviews is megabytes, too much for a model's context. */
export const GetReviewsSinceInputSchema = SincePathSchema.extend({ limit: SearchQuerySchema.shape.limit });
export const GetReviewsSinceOutputSchema = SinceResultSchema.extend({
  count: SinceResultSchema.shape.count.describe('How many reviews are dated on or after since, before limit'),
  returned: z.int().min(0).describe('How many reviews this answer holds (at most limit, newest first)'),
});

export const GetAspectSentimentInputSchema = z.strictObject({
  aspect: AspectIdSchema.optional().describe('One aspect of the taxonomy; omit for all nine'),
});
export const GetAspectSentimentOutputSchema = z.object({
  aspects: z.array(AspectSummarySchema).describe('The aspect asked for, or every aspect in taxonomy order'),
});

export const GetTechnicianInputSchema = z.strictObject({
  name: TechnicianSchema.shape.name.describe('Full name, first name or alias, case-insensitive (e.g. "Marcus Reyes", "Marcus", "Marc")'),
});
export const GetTechnicianOutputSchema = z.object({
  technician: TechnicianSchema.describe('The roster entry'),
  insight: TechnicianInsightSchema.describe('What the reviews that mention this technician say'),
});

export const GetServiceInputSchema = z.strictObject({
  service: z.string().trim().min(1).max(100).describe('Service id (e.g. ev-charger-installation) or its label, case-insensitive'),
});
export const GetServiceOutputSchema = z.object({
  service: ServiceSchema,
  insight: ServiceInsightSchema.describe('What the reviews that mention this service say'),
});

const MonthlySchema = InsightsSchema.shape.temporal.shape.monthly;

export const GetTrendInputSchema = z.strictObject({
  months: z.int().min(1).max(120).default(12).describe('How many of the latest months of the monthly series to return, 1 to 120'),
});
export const GetTrendOutputSchema = z.object({
  trend: TrendSchema,
  monthly: MonthlySchema.describe('The latest months of reviews (oldest first): count, average rating and text sentiment per month'),
});

export const GetFaqInputSchema = z.strictObject({
  id: SlugSchema.optional().describe("One question's id (e.g. on-time); omit for every question"),
});
export const GetFaqOutputSchema = z.object({ faq: z.array(FaqAnswerSchema) });

export const GetInsightsSummaryInputSchema = NoArgumentsSchema;
export const GetInsightsSummaryOutputSchema = InsightsSchema.pick({
  summary: true,
  pull_quote: true,
  review_count: true,
  date_range: true,
  overall_sentiment: true,
  generated_at: true,
  model: true,
}).extend({
  top_aspects: z
    .array(AspectSummarySchema.pick({ id: true, label: true, mention_count: true, positive_pct: true, score: true }))
    .describe('Aspects by how many reviews mention them, most first'),
  trend: TrendSchema.shape.direction.describe('Direction of the latest 6 months against the 6 before (see get_trend)'),
});

export type GetTrendOutput = z.infer<typeof GetTrendOutputSchema>;
export type GetInsightsSummaryOutput = z.infer<typeof GetInsightsSummaryOutputSchema>;
