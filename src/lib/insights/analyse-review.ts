import type { Aspect, AspectId, ServiceArea, Technician } from '../../schemas/catalogue.ts';
import type { ReviewAnalysis, Sentiment } from '../../schemas/insights.ts';
import type { Review } from '../../schemas/review.ts';
import { firstName } from '../technician-phrases.ts';
import type { CueKind } from './aspect-cues.ts';
import { analyseText, type AspectOpinion, type OpinionPhrase, type Polarity, type TextAnalysis } from './analyse-text.ts';
import { createAreaMatcher } from './areas.ts';
import { compileDictionary, type Dictionary } from './dictionary.ts';
import { round } from './numbers.ts';
import { wholeEvidence } from './spans.ts';
import { createProblemMatcher, type ProblemMatcher } from './problems.ts';
import { learnedAspects, type Model } from './learned/model.ts';
import { committedModel } from './learned/committed.ts';

/** Everything compiled once per build and shared by every review. */
export interface AnalysisContext {
  dictionary: Dictionary;
  problems: ProblemMatcher;
  areaOf: (text: string) => string | null;
  aspectOrder: ReadonlyMap<AspectId, number>;
  /** The learned layer that decides which aspects a review mentions and how (learned/weights.json). */
  model: Model;
}

/** A review with its published analysis and the intermediate results aggregates need. */
export interface ReviewResult {
  review: Review;
  analysis: ReviewAnalysis;
  /** Aspect → opinionated cue phrases as written, for `top_phrases`. */
  phrases: Map<AspectId, OpinionPhrase[]>;
  /** Aspect → how its evidence judges it, for choosing examples (see examples.ts). */
  cues: Map<AspectId, { kind: CueKind; strength: number }>;
  sentences: TextAnalysis['sentences'];
}

/** Neutral band of the review sentiment, VADER's convention. */
const SENTIMENT_THRESHOLD = 0.05;

export function createAnalysisContext(
  aspects: readonly Aspect[],
  technicians: readonly Technician[],
  serviceAreas: readonly ServiceArea[],
): AnalysisContext {
  const dictionary = compileDictionary(
    aspects,
    technicians.flatMap((t) => [t.name, firstName(t.name), ...t.aliases]),
  );
  return {
    dictionary,
    problems: createProblemMatcher(),
    areaOf: createAreaMatcher(serviceAreas),
    aspectOrder: new Map(aspects.map((a, i) => [a.id, i])),
    model: committedModel(),
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
      cues: new Map(),
      sentences: [],
    };
  }
  const result = analyseText(text, review.rating, context.dictionary);
  // The rule layer's aspects feed the learned layer, which has the last word;
  // the rule layer's phrases and cue kinds stay for the aspects both agree on.
  const rules = new Map(result.aspects.map((a) => [a.id, a]));
  const aspects = learnedAspects(context.model, text, result.rules, result.aspects, review.rating).sort(
    (a, b) => (context.aspectOrder.get(a.id) ?? 0) - (context.aspectOrder.get(b.id) ?? 0),
  );
  const agreed = aspects.flatMap((a) => {
    const rule = rules.get(a.id);
    return rule ? [rule] : [];
  });
  return {
    review,
    analysis: {
      ...base,
      sentiment: sentimentOf(agreeWithStars(result.sentiment, review.rating)),
      aspects: aspects.map(({ id, polarity, score, evidence }) => ({ id, polarity, score, evidence: wholeEvidence(text, evidence) })),
      problems: context.problems.find(text),
    },
    phrases: new Map(agreed.map((a) => [a.id, phrasesFor(a, aspects.find((x) => x.id === a.id)!.polarity)])),
    cues: new Map(agreed.map((a) => [a.id, { kind: a.kind, strength: a.strength }])),
    sentences: result.sentences,
  };
}

/** The rule layer's phrases for an aspect; only those leaning the published way when the two layers disagree. */
function phrasesFor(rule: AspectOpinion, polarity: Polarity): OpinionPhrase[] {
  if (rule.polarity === polarity) return rule.phrases;
  return rule.phrases.filter((p) => p.positive === (polarity === 'positive') && polarity !== 'neutral');
}

/** What the stars say of the review, on the sentiment's scale (used when the text does not clearly say otherwise). */
const STAR_SENTIMENT: Record<number, number> = { 1: -0.6, 2: -0.4, 3: 0, 4: 0.4, 5: 0.6 };
/** A text sentiment this strong against the stars is the text clearly saying otherwise. */
const CLEARLY_OTHERWISE = 0.75;
/** How much of a disagreeing text's lean is kept beside the stars. */
const TEXT_SHARE = 0.25;

/**
 * The review's sentiment agrees with its stars unless the text clearly says
 * otherwise (docs/insights.md, "Review sentiment"): "Third time hiring them.
 * Still no complaints." under five stars is positive, and a two-star review
 * whose words praise the finished work before a $760 overrun is negative.
 */
export function agreeWithStars(text: number, rating: number): number {
  const stars = STAR_SENTIMENT[rating] ?? 0;
  if (stars === 0 || Math.sign(text) === Math.sign(stars) || Math.abs(text) >= CLEARLY_OTHERWISE) return text;
  return stars + TEXT_SHARE * text;
}

export function sentimentOf(score: number): Sentiment {
  const rounded = round(score, 3);
  const label = rounded >= SENTIMENT_THRESHOLD ? 'positive' : rounded <= -SENTIMENT_THRESHOLD ? 'negative' : 'neutral';
  return { score: rounded, label };
}
