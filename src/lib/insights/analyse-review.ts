import type { Aspect, AspectId, ServiceArea, Technician } from '../../schemas/catalogue.ts';
import type { ReviewAnalysis, Sentiment } from '../../schemas/insights.ts';
import type { Review } from '../../schemas/review.ts';
import { firstName } from '../mentions.ts';
import { analyseText, type TextAnalysis } from './analyse-text.ts';
import { createAreaMatcher } from './areas.ts';
import { compileDictionary, type Dictionary } from './dictionary.ts';
import { VALENCE } from './lexicon.ts';
import { round } from './numbers.ts';
import { createProblemMatcher, type ProblemMatcher } from './problems.ts';
import { extractTerms } from './terms.ts';

/** Everything compiled once per build and shared by every review. */
export interface AnalysisContext {
  dictionary: Dictionary;
  problems: ProblemMatcher;
  areaOf: (text: string) => string | null;
  aspectOrder: ReadonlyMap<AspectId, number>;
  /** Words topics must not be made of: names, places, opinion words. */
  topicExclusions: ReadonlySet<string>;
}

/** A review with its published analysis and the intermediate results aggregates need. */
export interface ReviewResult {
  review: Review;
  analysis: ReviewAnalysis;
  /** Aspect → cue phrases as written, for `top_phrases`. */
  phrases: Map<AspectId, string[]>;
  sentences: TextAnalysis['sentences'];
  terms: string[];
}

/** Neutral band of the review sentiment, VADER's convention. */
const SENTIMENT_THRESHOLD = 0.05;

export function createAnalysisContext(
  aspects: readonly Aspect[],
  technicians: readonly Technician[],
  serviceAreas: readonly ServiceArea[],
): AnalysisContext {
  return {
    dictionary: compileDictionary(aspects, technicians.flatMap((t) => [t.name, firstName(t.name), ...t.aliases])),
    problems: createProblemMatcher(),
    areaOf: createAreaMatcher(serviceAreas),
    aspectOrder: new Map(aspects.map((a, i) => [a.id, i])),
    topicExclusions: topicExclusions(technicians, serviceAreas),
  };
}

export function analyseReview(review: Review, context: AnalysisContext): ReviewResult {
  const text = review.text !== null && review.text.trim() !== '' ? review.text : null;
  const base = {
    rating: review.rating,
    date: review.date,
    technicians: [...review.technicians].sort(),
    services: [...review.services].sort(),
    service_area: review.service_area ?? (text ? context.areaOf(text) : null),
  };
  if (text === null) {
    return {
      review,
      analysis: { ...base, sentiment: null, aspects: [], problems: [] },
      phrases: new Map(),
      sentences: [],
      terms: [],
    };
  }
  const result = analyseText(text, review.rating, context.dictionary);
  const aspects = [...result.aspects].sort((a, b) => (context.aspectOrder.get(a.id) ?? 0) - (context.aspectOrder.get(b.id) ?? 0));
  return {
    review,
    analysis: {
      ...base,
      sentiment: sentimentOf(result.sentiment),
      aspects: aspects.map(({ id, polarity, score, evidence }) => ({ id, polarity, score, evidence })),
      problems: context.problems.find(text),
    },
    phrases: new Map(aspects.map((a) => [a.id, a.phrases])),
    sentences: result.sentences,
    terms: extractTerms(result.tokens, context.topicExclusions),
  };
}

export function sentimentOf(score: number): Sentiment {
  const rounded = round(score, 3);
  const label = rounded >= SENTIMENT_THRESHOLD ? 'positive' : rounded <= -SENTIMENT_THRESHOLD ? 'negative' : 'neutral';
  return { score: rounded, label };
}

function topicExclusions(technicians: readonly Technician[], serviceAreas: readonly ServiceArea[]): Set<string> {
  const words = new Set<string>();
  const add = (phrase: string): void => {
    for (const w of phrase.toLowerCase().split(/[^\p{L}\p{N}']+/u)) if (w) words.add(w);
  };
  for (const t of technicians) [t.name, firstName(t.name), ...t.aliases].forEach(add);
  for (const a of serviceAreas) [a.name, ...a.aliases].forEach(add);
  for (const phrase of VALENCE.keys()) if (!phrase.includes(' ')) words.add(phrase);
  return words;
}
