import type { AspectId } from '../../../schemas/catalogue.ts';
import type { Mention } from '../opinions.ts';
import type { Clause } from '../segment.ts';
import type { Token } from '../tokenize.ts';
import type { UnitIndex } from '../units.ts';
import { stemOf } from './stem.ts';
import { WORD_CLASSES } from './word-classes.ts';

/**
 * What the learned layer sees of one chunk (a sentence cut at commas and
 * contrast words, see chunkRanges): sparse binary features, as
 * strings (their weights are looked up by name, so the model file reads as
 * text and training needs no feature-hashing collisions).
 *
 * - `w:` word stems, `n:` stems inside a negation's scope ("never late"),
 *   `p:` five-letter prefixes of longer words (typos, British spellings),
 *   `b:` adjacent stem pairs;
 * - `c:aspect:kind` the rule layer's lexicon cues, `m:aspect:sign` the rule
 *   layer's judged mentions (so every cue list keeps helping the model);
 * - `k:` hand-made word classes (word-classes.ts), `v:` the sign of the
 *   chunk's lexicon sentiment, `$` money, `#` a number,
 *   `q` a question, `star:` the review's stars.
 */
export interface ChunkView {
  /** Token range [from, to) of the chunk, stops and pauses excluded. */
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
  'not',
  'no',
  'never',
  'nobody',
  'nothing',
  'none',
  'nowhere',
  'neither',
  'nor',
  'without',
  'zero',
  'hardly',
  'barely',
  'cannot',
  'non',
]);
/** Tokens a negation's scope does not reach over. */
const SCOPE_BREAKERS = new Set(['but', 'and', 'so', 'because', 'which', 'though', 'although', 'however']);
const NEGATION_REACH = 4;
/** Apostrophe-less contractions, as phone typists write them. */
const CONTRACTIONS = new Set([
  'dont',
  'didnt',
  'doesnt',
  'wasnt',
  'werent',
  'wont',
  'cant',
  'couldnt',
  'wouldnt',
  'shouldnt',
  'isnt',
  'arent',
  'hasnt',
  'havent',
  'hadnt',
]);

/** Word → stem, shared by every review of a process: the stemmer's regular expressions run once per word form. */
const stems = new Map<string, string>();
const STEM_CACHE_MAX = 200_000;

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

/**
 * Chunks: sentences cut at commas, semicolons, dashes, brackets and contrast
 * words. An opinion and its evidence rarely cross one ("polite, quick, but
 * left a mess"), and a short chunk keeps one aspect's words from being
 * drowned by another's.
 */
export function chunkRanges(tokens: readonly Token[], mask?: Uint8Array): { from: number; to: number; sentence: number }[] {
  const chunks: { from: number; to: number; sentence: number }[] = [];
  for (const s of sentenceRanges(tokens)) {
    let from = s.from;
    for (let i = s.from; i <= s.to; i++) {
      const token = tokens[i];
      // Where another party's words start or stop (attribution.ts), a chunk ends too.
      const turn = mask !== undefined && i > from && i < s.to && mask[i] !== mask[i - 1];
      const cut = i === s.to || turn || token!.kind === 'pause' || (token!.kind === 'word' && CHUNK_WORDS.has(token!.norm) && i > from);
      if (!cut) continue;
      if (i > from) chunks.push({ from, to: i, sentence: s.sentence });
      from = token?.kind === 'pause' ? i + 1 : i;
    }
  }
  return chunks;
}

/** The features of every chunk of a review, in text order. */
export function chunkViews(view: RuleView, rating: number, mask?: Uint8Array): ChunkView[] {
  const { tokens, index, clauses, mentions, clauseSentiment } = view;
  const ranges = chunkRanges(tokens, mask);
  const clauseAt = new Int32Array(tokens.length).fill(-1);
  clauses.forEach((clause, c) => clauseAt.fill(c, clause.from, clause.to));
  // Each chunk's mentions and sentence end, found once: scanning every mention
  // or token per chunk made a long review quadratic.
  const chunkAt = new Int32Array(tokens.length).fill(-1);
  ranges.forEach((range, c) => chunkAt.fill(c, range.from, range.to));
  const chunkMentions: string[][] = ranges.map(() => []);
  for (const m of mentions) {
    const c = m.opinionated ? (chunkAt[m.from] ?? -1) : -1;
    if (c !== -1) chunkMentions[c]!.push(`m:${m.aspect}:${m.score > 0 ? '+' : m.score < 0 ? '-' : '0'}`);
  }
  const sentenceEnd = new Int32Array(tokens.length + 1).fill(tokens.length);
  for (let t = tokens.length - 1; t >= 0; t--) sentenceEnd[t] = tokens[t]!.kind === 'stop' ? t : sentenceEnd[t + 1]!;
  return ranges.map(({ from, to }, c) => {
    const features = rangeFeatures(tokens, index, from, to);
    features.push(...chunkMentions[c]!);
    let sentiment = 0;
    let last = -1;
    for (let t = from; t < to; t++) {
      const c = clauseAt[t]!;
      if (c !== -1 && c !== last) sentiment += clauseSentiment[c]!;
      last = c;
    }
    features.push(sentiment > 0.5 ? 'v:+' : sentiment < -0.5 ? 'v:-' : 'v:0');
    features.push(`star:${rating}`);
    if (tokens[sentenceEnd[to]!]?.norm === '?') features.push('q');
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
    let stem = stems.get(norm);
    if (stem === undefined) {
      stem = stemOf(norm);
      if (stems.size < STEM_CACHE_MAX) stems.set(norm, stem);
    }
    features.push(`w:${stem}`);
    if (stem.length >= 6) features.push(`p:${stem.slice(0, 5)}`);
    if (t <= negatedUntil) features.push(`n:${stem}`);
    for (const k of WORD_CLASSES.get(stem) ?? []) features.push(`k:${k}`);
    if (previous !== null) {
      features.push(`b:${previous} ${stem}`);
      for (const k of WORD_CLASSES.get(`${previous} ${stem}`) ?? []) features.push(`k:${k}`);
    }
    previous = stem;
    if (SCOPE_BREAKERS.has(norm)) negatedUntil = -1;
    if (NEGATORS.has(norm) || norm.endsWith("n't") || CONTRACTIONS.has(norm)) negatedUntil = t + NEGATION_REACH;
    const u = index.unitAt[t]!;
    if (u !== -1 && index.units[u]!.from === t) for (const cue of index.units[u]!.entry.cues) features.push(`c:${cue.aspect}:${cue.kind}`);
  }
  return features;
}

/** Features the polarity model adds for one aspect: which aspect, and how the rule layer judged it. */
export function polarityFeatures(
  sentence: readonly string[],
  aspect: AspectId,
  rulePolarity: string | undefined,
  rating: number,
): string[] {
  return [...sentence, ...polarityAspectFeatures(aspect, rulePolarity, rating)];
}

/** The aspect's part of polarityFeatures, the same for every chunk of a review (so scoring sums a chunk's part once). */
export function polarityAspectFeatures(aspect: AspectId, rulePolarity: string | undefined, rating: number): string[] {
  return [`a:${aspect}`, `a:${aspect}|star:${rating}`, `r:${rulePolarity ?? 'none'}`, `a:${aspect}|r:${rulePolarity ?? 'none'}`];
}
