import { z } from 'zod';
import { AspectIdSchema } from './catalogue.ts';
import { IsoDateSchema, SlugSchema } from './common.ts';
import { FaqSubjectSchema } from './editorial.ts';

const PolaritySchema = z.enum(['positive', 'neutral', 'negative']).describe('Direction of an opinion');
const ScoreSchema = z.number().min(-1).max(1).describe('Sentiment from -1 (negative) to 1 (positive), 3 decimals');
const PercentSchema = z.number().min(0).max(100).describe('Percentage from 0 to 100, 1 decimal');
const CountSchema = z.int().min(0);
const ReviewIdsSchema = z.array(z.string()).describe('Ids of reviews that illustrate this entry, strongest first');
const MonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .describe('Calendar month, YYYY-MM');

export const SentimentSchema = z
  .object({ score: ScoreSchema, label: PolaritySchema })
  .meta({ id: 'Sentiment', description: 'Text sentiment: a score and its label' });

export const ReviewAspectSchema = z
  .object({
    id: AspectIdSchema,
    polarity: PolaritySchema,
    score: ScoreSchema,
    evidence: z.string().describe('Verbatim substring of the review text that carries the opinion'),
  })
  .meta({ id: 'ReviewAspect' });

export const ReviewAnalysisSchema = z
  .object({
    rating: z.int().min(1).max(5).describe('Star rating of the review'),
    date: IsoDateSchema,
    sentiment: SentimentSchema.nullable().describe('Sentiment of the text; null for a rating-only review'),
    aspects: z.array(ReviewAspectSchema).describe('Aspects the text talks about, in taxonomy order'),
    technicians: z.array(z.string()).describe('Roster names the review mentions'),
    services: z.array(SlugSchema).describe('Service ids the review mentions'),
    problems: z.array(SlugSchema).describe('Electrical problems the text describes (ids of entities.problems)'),
    service_area: z.string().nullable().describe('Service area of the job, given or named in the text'),
  })
  .meta({ id: 'ReviewAnalysis' });

export const AspectPhraseSchema = z
  .object({
    text: z.string().describe('The phrase as customers write it most often (variants with a booster or hedge count together)'),
    polarity: PolaritySchema.exclude(['neutral']).describe('Whether the reviews use it to praise or to criticise'),
    count: CountSchema.describe('How many reviews use it'),
  })
  .meta({ id: 'AspectPhrase' });

export const ReasonQuoteSchema = z
  .object({
    text: z.string().describe('A whole sentence of the review, verbatim, of five words or more'),
    review_id: z.string(),
  })
  .meta({ id: 'ReasonQuote' });

export const ReasonSchema = z
  .object({
    id: SlugSchema,
    label: z.string().describe('The reason in customers\' words, as a clause: "the bill matched the quote"'),
    short_label: z.string().describe('The same, short enough for a chip: "bill matched the quote", "on time"'),
    polarity: PolaritySchema.exclude(['neutral']),
    review_count: CountSchema.describe('Reviews that give this reason'),
    review_ids: z.array(z.string()).describe('Every review that gives it, the quoted ones first'),
    quotes: z.array(ReasonQuoteSchema).describe('Two or three representative sentences'),
    concerns: z
      .string()
      .describe('Whom most of its sentences are about: a technician\'s display name, "office" (the office and staff) or "company"'),
  })
  .meta({ id: 'Reason' });

export const AspectSummarySchema = z
  .object({
    id: AspectIdSchema,
    label: z.string(),
    mention_count: CountSchema.describe('Reviews that mention the aspect'),
    positive_count: CountSchema,
    neutral_count: CountSchema,
    negative_count: CountSchema,
    positive_pct: PercentSchema.describe('positive_count / mention_count'),
    score: ScoreSchema.describe('Mean aspect score over the reviews that mention it; 0 when none do'),
    top_phrases: z.array(z.string()).describe('Cue phrases customers use most for this aspect, praise and complaints together'),
    phrases: z
      .array(AspectPhraseSchema)
      .describe(
        'The phrases customers use most for this aspect with their polarity and count: the top 5 of praise and of complaints, most used first',
      ),
    example_review_ids: ReviewIdsSchema,
    reasons: z
      .array(ReasonSchema)
      .describe('Why customers praise or criticise it: its evidence grouped into reasons given by two reviews or more, most reviews first'),
  })
  .meta({ id: 'AspectSummary' });

const TopAspectSchema = z.object({
  id: AspectIdSchema,
  mention_count: CountSchema,
  score: ScoreSchema,
});

/** Fields every entity entry shares. */
const EntityStatsShape = {
  mention_count: CountSchema.describe('Reviews that mention it'),
  average_rating: z.number().min(1).max(5).nullable().describe('Mean star rating of those reviews, 2 decimals'),
  sentiment: SentimentSchema.nullable().describe('Mean text sentiment of those reviews; null when none has text'),
  positive_count: CountSchema.describe('Of those reviews, the ones whose text reads positive'),
  negative_count: CountSchema.describe('Of those reviews, the ones whose text reads negative'),
  top_aspects: z.array(TopAspectSchema).describe('Aspects those reviews mention most (up to 3)'),
  example_review_ids: ReviewIdsSchema,
};

export const TechnicianInsightSchema = z
  .object({ name: z.string().describe('Roster display name'), ...EntityStatsShape })
  .meta({ id: 'TechnicianInsight' });
export const ServiceInsightSchema = z.object({ id: SlugSchema, label: z.string(), ...EntityStatsShape }).meta({ id: 'ServiceInsight' });
export const ProblemInsightSchema = z.object({ id: SlugSchema, label: z.string(), ...EntityStatsShape }).meta({ id: 'ProblemInsight' });
export const ServiceAreaInsightSchema = z.object({ name: z.string(), ...EntityStatsShape }).meta({ id: 'ServiceAreaInsight' });

export const OfficeInsightSchema = z
  .object({
    mention_count: CountSchema.describe('Reviews that mention the office and staff (whoever answers, schedules, dispatches or bills)'),
    positive_count: CountSchema.describe('Of those, reviews that speak well of them'),
    negative_count: CountSchema.describe('Of those, reviews that speak ill of them'),
    review_ids: z.array(z.string()).describe('The reviews that mention them, newest first'),
    reasons: z.array(ReasonSchema).describe('Reasons whose sentences are about the office and staff'),
  })
  .meta({ id: 'OfficeInsight' });

export const TopicQuoteSchema = z
  .object({
    text: z.string().describe('A whole sentence of the review, verbatim, of five words or more'),
    review_id: z.string(),
    highlight: z
      .string()
      .nullable()
      .describe('The words of the sentence that say the topic, verbatim; null when the sentence says it without a set phrase'),
  })
  .meta({ id: 'TopicQuote' });

export const TopicSchema = z
  .object({
    id: SlugSchema,
    kind: z
      .enum(['experience', 'job'])
      .describe('experience: how the job went, in customers\' words ("on time", "the bill matched the quote"); job: the service done'),
    label: z.string().describe("The experience as customers say it, or the service's label"),
    polarity: PolaritySchema.describe("An experience's polarity; a job's, the text sentiment of its reviews"),
    terms: z.array(z.string()).describe('Phrases that say it, most representative first'),
    review_count: CountSchema.describe("Reviews that belong to it: an experience's reason count, a job's service mention count"),
    average_rating: z.number().min(1).max(5).nullable(),
    sentiment: SentimentSchema.nullable(),
    example_review_ids: ReviewIdsSchema,
    aspect: AspectIdSchema.nullable().describe('The aspect an experience belongs to; null for a job'),
    quotes: z.array(TopicQuoteSchema).describe('Up to three whole sentences that say it'),
    review_ids: z.array(z.string()).describe('Every review that belongs to it, newest first'),
  })
  .meta({ id: 'Topic' });

const MonthlyPointSchema = z.object({
  month: MonthSchema,
  count: CountSchema,
  average_rating: z.number().min(1).max(5).nullable().describe('Null for a month without reviews'),
  sentiment: ScoreSchema.nullable().describe('Mean text sentiment; null when no review of the month has text'),
});

const TrendWindowSchema = z.object({
  from: MonthSchema,
  to: MonthSchema,
  count: CountSchema,
  average_rating: z.number().min(1).max(5).nullable(),
  sentiment: ScoreSchema.nullable(),
});

export const TrendSchema = z
  .object({
    direction: z.enum(['improving', 'declining', 'stable', 'insufficient_data']),
    basis: z.string().describe('How the direction was decided, in words'),
    recent: TrendWindowSchema.nullable().describe(
      'The latest months of the data: 6 in /insights.json, half the window asked for in get_trend',
    ),
    previous: TrendWindowSchema.nullable().describe('As many months before them'),
    rating_change: z.number().nullable().describe('recent.average_rating - previous.average_rating'),
    sentiment_change: z.number().nullable().describe('recent.sentiment - previous.sentiment'),
  })
  .meta({ id: 'Trend' });

export const FaqAnswerSchema = z
  .object({
    id: SlugSchema,
    question: z.string(),
    about: FaqSubjectSchema,
    answer: z.string().describe('Answer built from the analysis'),
    review_ids: z.array(z.string()).describe('Reviews the answer cites'),
  })
  .meta({ id: 'FaqAnswer' });

export const SummarySentenceSchema = z
  .object({
    text: z.string(),
    review_ids: z.array(z.string()).describe('The reviews the sentence rests on'),
  })
  .meta({ id: 'SummarySentence' });

export const ReplyRateSchema = z
  .object({
    critical: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe('Share (0–1, 3 decimals) of the 1–2★ reviews the owner answered; null without any'),
    all: z.number().min(0).max(1).nullable().describe('Share of all reviews the owner answered; null without reviews'),
  })
  .meta({ id: 'ReplyRate' });

export const PullQuoteSchema = z
  .object({
    review_id: z.string(),
    text: z.string().describe('Verbatim sentence from the review'),
    author: z.string(),
    rating: z.int().min(1).max(5),
    date: IsoDateSchema,
  })
  .meta({ id: 'PullQuote' });

export const InsightsSchema = z
  .object({
    version: z.string().describe('Version of this document format'),
    generated_at: z.iso
      .datetime()
      .nullable()
      .describe('Latest review or owner-reply date, as a timestamp: derived from content, never the clock; null without reviews'),
    model: z
      .object({ name: z.string(), version: z.string() })
      .describe('The analyser: a deterministic rule-and-lexicon model run at build time'),
    review_count: CountSchema.describe('Published reviews analysed, rating-only ones included'),
    date_range: z.object({ earliest: IsoDateSchema.nullable(), latest: IsoDateSchema.nullable() }),
    overall_sentiment: z
      .object({
        score: ScoreSchema.describe('Mean text sentiment of the reviews with text'),
        positive_pct: PercentSchema,
        neutral_pct: PercentSchema,
        negative_pct: PercentSchema,
        text_review_count: CountSchema.describe('Reviews with text: the base of the percentages'),
      })
      .describe('Sentiment of the review texts'),
    aspects: z.array(AspectSummarySchema).describe('One entry per aspect of the taxonomy, in taxonomy order'),
    entities: z.object({
      technicians: z.array(TechnicianInsightSchema).describe('Every roster technician, most mentioned first'),
      services: z.array(ServiceInsightSchema).describe('Every catalogue service, most mentioned first'),
      problems: z.array(ProblemInsightSchema).describe('Electrical problems customers describe, most mentioned first'),
      service_areas: z.array(ServiceAreaInsightSchema).describe('Every service area, most mentioned first'),
      office: OfficeInsightSchema.describe('The office and staff: who answers, schedules, dispatches and bills'),
    }),
    topics: z
      .array(TopicSchema)
      .describe('What customers click: experiences in their words (most reviews first) and then the jobs done (most reviews first)'),
    temporal: z.object({
      monthly: z.array(MonthlyPointSchema).describe('Every month from the first review to the last'),
      trend: TrendSchema,
    }),
    per_review: z.record(z.string(), ReviewAnalysisSchema).describe('Review id → its analysis; every published review has an entry'),
    faq: z.array(FaqAnswerSchema).describe("The owner's questions, answered from the reviews"),
    summary: z.string().describe('A summary written from the analysis: likes, then dislikes, then what changed; counts as quantifiers'),
    summary_sentences: z
      .array(SummarySentenceSchema)
      .describe('The summary sentence by sentence, each with its reviews; the texts joined by single spaces are `summary`'),
    reply_rate: ReplyRateSchema,
    pull_quote: PullQuoteSchema.nullable().describe('A short, strongly positive sentence from a review'),
  })
  .meta({ id: 'Insights', description: 'Aspect-based sentiment analysis of the verified reviews, computed at build time' });

export type Insights = z.infer<typeof InsightsSchema>;
export type ReviewAnalysis = z.infer<typeof ReviewAnalysisSchema>;
export type AspectSummary = z.infer<typeof AspectSummarySchema>;
export type Sentiment = z.infer<typeof SentimentSchema>;
export type Topic = z.infer<typeof TopicSchema>;
export type Trend = z.infer<typeof TrendSchema>;
export type FaqAnswer = z.infer<typeof FaqAnswerSchema>;
export type PullQuote = z.infer<typeof PullQuoteSchema>;
export type Reason = z.infer<typeof ReasonSchema>;
export type OfficeInsight = z.infer<typeof OfficeInsightSchema>;
export type SummarySentence = z.infer<typeof SummarySentenceSchema>;
export type EntityStats = Pick<z.infer<typeof TechnicianInsightSchema>, keyof typeof EntityStatsShape>;
