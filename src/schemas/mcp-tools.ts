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
import { SearchQuerySchema, SincePathSchema, SinceQuerySchema, SinceResultSchema } from './search.ts';

/**
 * Arguments and answers of the MCP tools, composed from the schemas the
 * datasets and the HTTP endpoints use: a tool answer is a view of an
 * artifact, never a shape of its own. Every tool answer is an object (MCP's
 * `structuredContent` must be one).
 */

const NoArgumentsSchema = z.strictObject({});

/**
 * Arguments as assistants send them (docs/interface.md, "Forgiving
 * arguments"): a number written as a string ("5"), an aspect id in another
 * case ("Pricing") and a review id in lower case are read as meant before
 * the schema checks them, and an empty string is an argument not given, as
 * an empty query parameter is over HTTP (`cursor: ""` asks for the first
 * page). The advertised JSON Schema stays the strict one (numbers,
 * lower-case aspect ids, upper-case ULIDs).
 */
function forgiving<S extends z.ZodType>(
  schema: S,
  numeric: readonly string[],
  lowerCase: readonly string[] = [],
  upperCase: readonly string[] = [],
) {
  return z.preprocess((args) => {
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(args as Record<string, unknown>)) if (value !== '') out[name] = value;
    for (const name of numeric) {
      const value = out[name];
      if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) out[name] = Number(value.trim());
    }
    for (const name of lowerCase) {
      const value = out[name];
      if (typeof value === 'string') out[name] = value.trim().toLowerCase();
    }
    for (const name of upperCase) {
      const value = out[name];
      if (typeof value === 'string') out[name] = value.trim().toUpperCase();
    }
    return out;
  }, schema);
}

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export const GetBusinessInputSchema = NoArgumentsSchema;
export const GetBusinessOutputSchema = z.object({ business: BusinessSchema, aggregate_rating: AggregateRatingSchema });

/** The HTTP search's own schema: the same filters, limits and checks (docs/interface.md, "MCP"), numbers also as strings. */
export const SearchReviewsInputSchema = forgiving(SearchQuerySchema, ['rating', 'min_rating', 'limit']);

export const GetReviewInputSchema = forgiving(z.strictObject({ id: UlidSchema.describe('Review id (a ULID; any case)') }), [], [], ['id']);
export const GetReviewOutputSchema = z.object({
  review: ReviewSchema,
  analysis: ReviewAnalysisSchema.describe("The analyser's reading of this review: sentiment, aspects with evidence, mentions"),
});

/**
 * The since endpoint's date and parameters, with the search's page size (default 20, at most 100): a since
 * answer over years of reviews is megabytes, too much for a model's context.
 */
export const GetReviewsSinceInputSchema = forgiving(
  SincePathSchema.extend({
    limit: SearchQuerySchema.shape.limit,
    cursor: SinceQuerySchema.shape.cursor,
    fields: SinceQuerySchema.shape.fields,
  }),
  ['limit'],
);
export const GetReviewsSinceOutputSchema = z.object({
  since: SinceResultSchema.shape.since,
  count: SinceResultSchema.shape.count,
  returned: z.int().min(0).describe('How many reviews this answer holds (at most limit, newest first)'),
  reviews: SinceResultSchema.shape.reviews,
  next_cursor: SinceResultSchema.shape.next_cursor,
});

export const GetAspectSentimentInputSchema = forgiving(
  z.strictObject({ aspect: AspectIdSchema.optional().describe('One aspect of the taxonomy (any case); omit for all nine') }),
  [],
  ['aspect'],
);
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

export const GetTrendInputSchema = forgiving(
  z.strictObject({
    months: z
      .int()
      .min(1)
      .max(120)
      .default(12)
      .describe('The window, in the latest months of reviews (1 to 120): the series shown and the months the verdict compares'),
  }),
  ['months'],
);
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

/**
 * What `tools/list` shows of each tool, in its order: the MCP server registers these and the
 * developers page lists them, so the page can never describe a tool differently from the server.
 */
export const MCP_TOOLS = {
  get_business: {
    name: 'get_business',
    title: 'Business details and rating',
    description:
      'The business: name, contact details, address, opening hours, licences, service areas, the services catalogue (ids and labels) ' +
      'and the technician roster (names and aliases), with the aggregate star rating and its distribution. ' +
      'Start here to learn which technician names and service ids the other tools accept.',
    inputSchema: GetBusinessInputSchema,
  },
  search_reviews: {
    name: 'search_reviews',
    title: 'Search reviews',
    description:
      'Verified reviews matching every filter given (AND), newest first: exact rating or minimum rating, a date range, ' +
      'a phrase of the text (case and accents ignored), a technician (full name, first name or alias) or a service (id or label). ' +
      'Answers how many match in all (matched), up to limit of them (default 20, at most 100) and next_cursor. ' +
      'Ask only for the fields you need (fields: "id,date,rating,text" is about half of a full review) and page with small limits: ' +
      'give next_cursor as cursor, with the same filters, for the next page (null on the last). ' +
      'An unknown technician or service matches nothing; see get_business for the valid names.',
    inputSchema: SearchReviewsInputSchema,
  },
  get_review: {
    name: 'get_review',
    title: 'One review with its analysis',
    description:
      "One verified review by id, with the analyser's reading of it: text sentiment, the aspects it talks about " +
      '(each with its polarity and the verbatim evidence), the technicians, services and problems it mentions. ' +
      'Review ids come from search_reviews, get_reviews_since and the example_review_ids of the insights tools.',
    inputSchema: GetReviewInputSchema,
  },
  get_reviews_since: {
    name: 'get_reviews_since',
    title: 'Reviews since a date',
    description:
      'Reviews dated on or after a day (YYYY-MM-DD), newest first: how many there are (count), the newest limit of them ' +
      '(default 20, at most 100) and next_cursor. Ask only for the fields you need (e.g. fields: "id,date,rating,text") and ' +
      'give next_cursor as cursor, with the same date, for the next page. A future date answers none. ' +
      'For filters beyond the date, use search_reviews with since.',
    inputSchema: GetReviewsSinceInputSchema,
  },
  get_aspect_sentiment: {
    name: 'get_aspect_sentiment',
    title: 'Sentiment by aspect',
    description:
      'What customers say about each aspect of the work (punctuality, responsiveness, communication, professionalism, ' +
      'workmanship, technical_knowledge, pricing, cleanliness, safety): how many reviews mention it, how many positively, ' +
      'neutrally and negatively, a score from -1 to 1, the phrases they use most (with polarity and how many reviews use each) ' +
      'and example review ids (see get_review). Give aspect (any case) for one; omit it for all nine.',
    inputSchema: GetAspectSentimentInputSchema,
  },
  get_technician: {
    name: 'get_technician',
    title: 'One technician in the reviews',
    description:
      'A technician of the roster (full name, first name or alias) and what the reviews that mention them say: how many, ' +
      'their average rating and text sentiment, the aspects those reviews mention most, example review ids. ' +
      'To compare technicians, call it once per name.',
    inputSchema: GetTechnicianInputSchema,
  },
  get_service: {
    name: 'get_service',
    title: 'One service in the reviews',
    description:
      'A service of the catalogue (id such as ev-charger-installation, or its label) and what the reviews that mention it say: ' +
      'how many, their average rating and text sentiment, the aspects they mention most, example review ids.',
    inputSchema: GetServiceInputSchema,
  },
  get_trend: {
    name: 'get_trend',
    title: 'Rating and sentiment trend',
    description:
      'Whether reviews are improving, declining or stable over a window of the latest months (default 12): its latest half ' +
      'against the half before (6 months against 6 by default; 24 compares the last year with the one before), and in basis how ' +
      'that was decided; with the window of the monthly series: review count, average rating and text sentiment per month.',
    inputSchema: GetTrendInputSchema,
  },
  get_faq: {
    name: 'get_faq',
    title: 'Frequent questions, answered from the reviews',
    description:
      "The owner's frequent questions (on time? fair prices? emergencies? ...) each answered from the analysis of the reviews, " +
      'with the ids of the reviews each answer cites. Give id for one question; omit it for all.',
    inputSchema: GetFaqInputSchema,
  },
  get_insights_summary: {
    name: 'get_insights_summary',
    title: 'Summary of what customers say',
    description:
      'The headline of the analysis: a written summary, a pull quote, how many reviews over which dates, overall text sentiment, ' +
      'the aspects mentioned most and the trend direction. A good first call for "what do customers think?".',
    inputSchema: GetInsightsSummaryInputSchema,
  },
} as const;

export type GetTrendOutput = z.infer<typeof GetTrendOutputSchema>;
export type GetInsightsSummaryOutput = z.infer<typeof GetInsightsSummaryOutputSchema>;
