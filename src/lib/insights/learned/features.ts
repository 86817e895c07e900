import type { AspectId } from '../../../schemas/catalogue.ts';
import type { Mention } from '../opinions.ts';
import type { Clause } from '../segment.ts';
import type { Token } from '../tokenize.ts';
import type { UnitIndex } from '../units.ts';
import { stemOf } from './stem.ts';
import { WORD_CLASSES } from './word-classes.ts';

/** Experiment switches (development only). */
const OFF = new Set((process.env.LEARNED_OFF ?? '').split(','));

/**
 * What the learned layer sees of one sentence: sparse binary features, as
 * strings (their weights are looked up by name, so the model file reads as
 * text and training needs no feature-hashing collisions).
 *
 * - `w:` word stems, `n:` stems inside a negation's scope ("never late"),
 *   `p:` five-letter prefixes of longer words (typos, British spellings),
 *   `b:` adjacent stem pairs;
 * - `c:aspect:kind` the rule layer's lexicon cues, `m:aspect:sign` the rule
 *   layer's judged mentions (so every cue list keeps helping the model);
 * - `v:` the sign of the sentence's lexicon sentiment, `$` money, `#` a number,
 *   `q` a question, `star:` the review's stars.
 */
export interface SentenceView {
  /** Token range [from, to) of the sentence, stops excluded. */
  from: number;
  to: number;
  features: string[];
}

/** The pieces of the rule layer's analysis the features are built from. */
export interface RuleView {
  tokens: readonly Token[];
  index: UnitIndex;
  clauses: readonly Clause[];
  mentions: readonly Mention[];
  /** Clause index → the clause's lexicon sentiment (VADER scale, before weighting). */
  clauseSentiment: readonly number[];
}

const NEGATORS = new Set([
  'not', 'no', 'never', 'nobody', 'nothing', 'none', 'nowhere', 'neither', 'nor', 'without', 'zero', 'hardly', 'barely', 'cannot',
]);
/** Tokens a negation's scope does not reach over. */
const SCOPE_BREAKERS = new Set(['but', 'and', 'so', 'because', 'which', 'though', 'although', 'however']);
const NEGATION_REACH = 4;

/** Sentences as token ranges: everything between two stops (empty ones dropped). */
export function sentenceRanges(tokens: readonly Token[]): { from: number; to: number; sentence: number }[] {
  const ranges: { from: number; to: number; sentence: number }[] = [];
  let from = 0;
  let sentence = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i === tokens.length || tokens[i]!.kind === 'stop') {
      if (i > from) ranges.push({ from, to: i, sentence });
      sentence++;
      from = i + 1;
    }
  }
  return ranges;
}

/** Words that open a new chunk: a contrast turns the opinion ("tidy work but pricey"). */
const CHUNK_WORDS = new Set(['but', 'however', 'although', 'though', 'whereas', 'while', 'except', 'otherwise']);
const CHUNK_MODE = process.env.CHUNK !== '0';

/**
 * Chunks: sentences cut at commas, semicolons, dashes, brackets and contrast
 * words. An opinion and its evidence rarely cross one ("polite, quick, but
 * left a mess"), and a short chunk keeps one aspect's words from being
 * drowned by another's.
 */
export function chunkRanges(tokens: readonly Token[]): { from: number; to: number; sentence: number }[] {
  if (!CHUNK_MODE) return sentenceRanges(tokens);
  const chunks: { from: number; to: number; sentence: number }[] = [];
  for (const s of sentenceRanges(tokens)) {
    let from = s.from;
    for (let i = s.from; i <= s.to; i++) {
      const token = tokens[i];
      const cut = i === s.to || token!.kind === 'pause' || (token!.kind === 'word' && CHUNK_WORDS.has(token!.norm) && i > from);
      if (!cut) continue;
      if (i > from) chunks.push({ from, to: i, sentence: s.sentence });
      from = token?.kind === 'pause' ? i + 1 : i;
    }
  }
  return chunks;
}

/** The features of every chunk of a review, in text order. */
export function sentenceViews(view: RuleView, rating: number): SentenceView[] {
  const { tokens, index, clauses, mentions, clauseSentiment } = view;
  const ranges = chunkRanges(tokens);
  const clauseAt = new Int32Array(tokens.length).fill(-1);
  clauses.forEach((clause, c) => clauseAt.fill(c, clause.from, clause.to));
  return ranges.map(({ from, to }) => {
    const features = rangeFeatures(tokens, index, from, to);
    if (!OFF.has('m')) {
      for (const m of mentions) {
        if (m.opinionated && m.from >= from && m.from < to) features.push(`m:${m.aspect}:${m.score > 0 ? '+' : m.score < 0 ? '-' : '0'}`);
      }
    }
    let sentiment = 0;
    let last = -1;
    for (let t = from; t < to; t++) {
      const c = clauseAt[t]!;
      if (c !== -1 && c !== last) sentiment += clauseSentiment[c]!;
      last = c;
    }
    if (!OFF.has('v')) features.push(sentiment > 0.5 ? 'v:+' : sentiment < -0.5 ? 'v:-' : 'v:0');
    if (!OFF.has('star')) features.push(`star:${rating}`);
    let end = to;
    while (end < tokens.length && tokens[end]!.kind !== 'stop') end++;
    if (tokens[end]?.norm === '?') features.push('q');
    return { from, to, features: [...new Set(features)] };
  });
}

/** Lexical and cue features of the tokens [from, to); also used to score one clause for evidence. */
export function rangeFeatures(tokens: readonly Token[], index: UnitIndex, from: number, to: number): string[] {
  const features: string[] = ['bias'];
  let negatedUntil = -1;
  let previous: string | null = null;
  for (let t = from; t < to; t++) {
    const token = tokens[t]!;
    if (token.kind === 'money') {
      features.push('$');
      previous = null;
      continue;
    }
    if (token.kind !== 'word') {
      negatedUntil = -1;
      previous = null;
      continue;
    }
    const norm = token.norm;
    if (/^\d/.test(norm)) features.push('#');
    const stem = stemOf(norm);
    features.push(`w:${stem}`);
    if (stem.length >= 6 && !OFF.has('p')) features.push(`p:${stem.slice(0, 5)}`);
    if (t <= negatedUntil && !OFF.has('n')) features.push(`n:${stem}`);
    if (!OFF.has('k')) for (const k of WORD_CLASSES.get(stem) ?? []) features.push(`k:${k}`);
    if (previous !== null) {
      if (!OFF.has('b')) features.push(`b:${previous} ${stem}`);
      if (!OFF.has('k')) for (const k of WORD_CLASSES.get(`${previous} ${stem}`) ?? []) features.push(`k:${k}`);
    }
    previous = stem;
    if (SCOPE_BREAKERS.has(norm)) negatedUntil = -1;
    if (NEGATORS.has(norm) || norm.endsWith("n't")) negatedUntil = t + NEGATION_REACH;
    const u = index.unitAt[t]!;
    if (u !== -1 && index.units[u]!.from === t && !OFF.has('c')) for (const cue of index.units[u]!.entry.cues) features.push(`c:${cue.aspect}:${cue.kind}`);
  }
  return features;
}

/** Features the polarity model adds for one aspect: which aspect, and how the rule layer judged it. */
export function polarityFeatures(sentence: readonly string[], aspect: AspectId, rulePolarity: string | undefined, rating: number): string[] {
  return [...sentence, `a:${aspect}`, `a:${aspect}|star:${rating}`, `r:${rulePolarity ?? 'none'}`, `a:${aspect}|r:${rulePolarity ?? 'none'}`];
}
