import type { AspectId } from '../../schemas/catalogue.ts';
import type { CueKind } from './aspect-cues.ts';
import type { Dictionary } from './dictionary.ts';
import type { RuleView } from './learned/features.ts';
import { scoreClause, type Mention } from './opinions.ts';
import { splitClauses, type Clause } from './segment.ts';
import { tokenize, type Token } from './tokenize.ts';
import { matchUnits, type UnitIndex } from './units.ts';

export type Polarity = 'positive' | 'neutral' | 'negative';

/** A phrase that carries one opinion of an aspect, and which way it leans. */
export interface OpinionPhrase {
  text: string;
  positive: boolean;
}

export interface AspectOpinion {
  id: AspectId;
  polarity: Polarity;
  /** -1..1 */
  score: number;
  evidence: string;
  /** The opinionated cue phrases as written ("showed up late", "never late", "price was fair"), for `top_phrases`. */
  phrases: OpinionPhrase[];
  /** How the evidence's cue names the aspect: a cue that judges it by itself (`+`/`-`) is the clearest example. */
  kind: CueKind;
  /** Opinion of the evidence's own mention, VADER scale, unsigned. */
  strength: number;
}

export interface TextAnalysis {
  /** -1..1, VADER's normalisation of the summed opinions. */
  sentiment: number;
  aspects: AspectOpinion[];
  /** Verbatim sentences with their own sentiment: pull-quote candidates. */
  sentences: { text: string; score: number; aspects: number }[];
  /** The tokens, reused by topic extraction so no text is tokenized twice. */
  tokens: Token[];
  /** Tokens, lexicon matches, clauses and mentions: what the learned layer's features are made of. */
  rules: RuleView;
}

/** A score this far from zero is an opinion; closer is neutral ("the price was okay"). */
const POLARITY_THRESHOLD = 0.5;
/** VADER's alpha: s / sqrt(s² + 15) maps a sum of valences onto -1..1. */
const SENTIMENT_ALPHA = 15;
const ASPECT_ALPHA = 4;
/** A bare mention in a review with this many stars leans that way ("the quote was $900" in a 5-star review). */
const RATING_PRIOR: Record<number, number> = { 1: -1, 2: -1, 3: 0, 4: 1, 5: 1 };
const EVIDENCE_MAX_TOKENS = 24;
const PHRASE_MAX_TOKENS = 4;
/** Cues of one aspect this many words apart make one phrase. */
const NEIGHBOUR_GAP = 2;
/** How far back a phrase reaches for a negator or booster ("never once late"). */
const MODIFIER_REACH = 3;
/** Words a phrase does not reach back over. */
const PHRASE_BREAKERS = new Set(['and', 'but', 'because', 'which', 'who', 'when', 'then', 'so']);
/** A phrase does not end on these: it takes the next words ("came out that afternoon"). */
const DANGLING =
  /^(?:almost|nearly|around|just|that|this|the|a|an|in|under|within|to|of|for|on|at|by|about|than|less|more|over|one|two|three|four|five|six|seven|eight|nine|ten|\d+)$/;
/** A lone opinion word reads better with the verb of motion before it: "arrived late", "running late". */
const LINKING_VERBS = new Set(['arrived', 'showed', 'came', 'got', 'running', 'ran', 'finished']);

export function analyseText(text: string, rating: number, dictionary: Dictionary): TextAnalysis {
  const tokens = tokenize(text);
  const index = matchUnits(tokens, dictionary);
  const clauses = splitClauses(tokens);
  const mentions: Mention[] = [];
  const orphanBySentence = new Map<number, number>();
  const clauseSentiment: number[] = [];
  const rawSentiment: number[] = [];
  let u = 0;
  clauses.forEach((clause, c) => {
    const inClause: number[] = [];
    while (u < index.units.length && index.units[u]!.from < clause.to) {
      if (index.units[u]!.from >= clause.from) inClause.push(u);
      u++;
    }
    const scored = scoreClause(tokens, index, clause, c, inClause);
    mentions.push(...scored.mentions);
    rawSentiment.push(scored.sentiment);
    clauseSentiment.push(scored.sentiment * clause.weight);
    orphanBySentence.set(clause.sentence, (orphanBySentence.get(clause.sentence) ?? 0) + scored.orphan);
  });
  const sum = clauseSentiment.reduce((a, b) => a + b, 0);
  return {
    sentiment: normalise(sum, SENTIMENT_ALPHA),
    aspects: aspectOpinions(text, tokens, index, clauses, mentions, orphanBySentence, rating),
    sentences: sentenceScores(text, tokens, clauses, clauseSentiment, mentions),
    tokens,
    rules: { tokens, index, clauses, mentions, clauseSentiment: rawSentiment },
  };
}

function aspectOpinions(
  text: string,
  tokens: readonly Token[],
  index: UnitIndex,
  clauses: readonly Clause[],
  mentions: readonly Mention[],
  orphanBySentence: ReadonlyMap<number, number>,
  rating: number,
): AspectOpinion[] {
  const byAspect = new Map<AspectId, Mention[]>();
  for (const m of mentions) {
    // Weak cues and events name an aspect only when judged ("the install was flawless").
    if ((m.kind === 'w' || m.kind === 'e' || m.kind === 'o') && !m.opinionated) continue;
    const list = byAspect.get(m.aspect);
    if (list) list.push(m);
    else byAspect.set(m.aspect, [m]);
  }
  // A phrase joins only neighbouring mentions of its own clause and aspect.
  const neighbours = new Map<string, Mention[]>();
  for (const m of mentions) {
    const key = `${m.clause} ${m.aspect}`;
    const list = neighbours.get(key);
    if (list) list.push(m);
    else neighbours.set(key, [m]);
  }
  const result: AspectOpinion[] = [];
  for (const [id, list] of byAspect) {
    const total = combine(list, clauses, orphanBySentence, rating);
    const strongest = strongestMention(list, clauses);
    result.push({
      id,
      polarity: total >= POLARITY_THRESHOLD ? 'positive' : total <= -POLARITY_THRESHOLD ? 'negative' : 'neutral',
      score: round3(normalise(total, ASPECT_ALPHA)),
      evidence: evidenceFor(text, tokens, clauses[strongest.clause]!, strongest),
      phrases: list
        .filter((m) => tokens[m.from]!.kind === 'word' && m.opinionated && m.score !== 0)
        .map((m) => ({
          text: phraseOf(text, tokens, index, clauses[m.clause]!, m, neighbours.get(`${m.clause} ${m.aspect}`)!),
          positive: m.score > 0,
        })),
      kind: strongest.kind,
      strength: Math.abs(strongest.score),
    });
  }
  return result;
}

/**
 * Weighted mean over the aspect's mentions, so a lone mention in a discounted
 * clause keeps its sign ("although pricey, ...") while "not cheap, but worth
 * every penny" still ends positive. Unjudged mentions fall back to the rest of
 * their sentence, then to the star rating.
 */
function combine(
  list: readonly Mention[],
  clauses: readonly Clause[],
  orphanBySentence: ReadonlyMap<number, number>,
  rating: number,
): number {
  const judged = list.filter((m) => m.opinionated);
  if (judged.length === 0) {
    const hint = list.reduce((s, m) => s + (orphanBySentence.get(clauses[m.clause]!.sentence) ?? 0), 0);
    if (Math.abs(hint) >= POLARITY_THRESHOLD) return hint / 2;
    return (RATING_PRIOR[rating] ?? 0) * POLARITY_THRESHOLD * 1.2;
  }
  let weighted = 0;
  let maxWeight = 0;
  for (const m of judged) {
    const weight = clauses[m.clause]!.weight;
    weighted += m.score * weight;
    maxWeight = Math.max(maxWeight, weight);
  }
  return weighted / maxWeight;
}

function strongestMention(list: readonly Mention[], clauses: readonly Clause[]): Mention {
  let best = list[0]!;
  let bestStrength = -1;
  for (const m of list) {
    const strength = m.opinionated ? Math.abs(m.score) * clauses[m.clause]!.weight : 0;
    if (strength > bestStrength) {
      best = m;
      bestStrength = strength;
    }
  }
  return best;
}

/**
 * The part of the clause that holds the cue and its opinion words, widened to
 * the nearest comma or "and" on each side ("the price was not cheap" rather
 * than the whole "He was never late and the price was not cheap").
 */
function evidenceFor(text: string, tokens: readonly Token[], clause: Clause, mention: Mention): string {
  let from = mention.spanFrom;
  let to = mention.spanTo;
  while (from > clause.from && !isSegmentBreak(tokens[from - 1]!)) from--;
  while (to < clause.to && !isSegmentBreak(tokens[to]!)) to++;
  if (to - from > EVIDENCE_MAX_TOKENS) {
    from = Math.max(from, mention.spanFrom - EVIDENCE_MAX_TOKENS / 2);
    to = Math.min(to, mention.spanTo + EVIDENCE_MAX_TOKENS / 2);
  }
  while (to > from + 1 && !isWordLike(tokens[to - 1]!)) to--;
  while (from < to - 1 && !isWordLike(tokens[from]!)) from++;
  return text.slice(tokens[from]!.start, tokens[to - 1]!.end);
}

/**
 * The words that carry one opinion of the aspect: the cue with the opinion
 * words attached to it ("price was fair"), joined with a neighbouring cue of
 * the same aspect ("showed up" + "late"), with the negators and boosters
 * before it ("never late", "not cheap", "very professional") and, for a lone
 * word, the verb of motion it follows ("arrived late"). Lower case, verbatim otherwise.
 */
function phraseOf(
  text: string,
  tokens: readonly Token[],
  index: UnitIndex,
  clause: Clause,
  m: Mention,
  sameClauseAndAspect: readonly Mention[],
): string {
  const selfJudged = m.kind === '+' || m.kind === '-';
  let [from, to] = !selfJudged && m.spanTo - m.spanFrom <= PHRASE_MAX_TOKENS ? [m.spanFrom, m.spanTo] : [m.from, m.to];
  // "price" + "was" + "fair", "showed up" + "late": up to two words apart. In
  // text order, so only the mentions a few tokens around this one can join.
  const reach = PHRASE_MAX_TOKENS + NEIGHBOUR_GAP + 1;
  for (let i = firstFrom(sameClauseAndAspect, Math.min(from, m.from) - reach); i < sameClauseAndAspect.length; i++) {
    const other = sameClauseAndAspect[i]!;
    if (other.from > Math.max(to, m.to) + reach) break;
    // Not a person or an object ("he", "crew", "lights"): "friendly" says it all.
    if (other === m || other.aspect !== m.aspect || other.clause !== m.clause || other.kind === 'w' || other.kind === 'o') continue;
    if (other.to > from && other.from < to) continue;
    if (
      other.to <= from &&
      from - other.to <= NEIGHBOUR_GAP &&
      to - other.from <= PHRASE_MAX_TOKENS + 1 &&
      allWords(tokens, other.to, from)
    )
      from = other.from;
    else if (
      other.from >= to &&
      other.from - to <= NEIGHBOUR_GAP &&
      other.to - from <= PHRASE_MAX_TOKENS + 1 &&
      allWords(tokens, to, other.from)
    )
      to = other.to;
  }
  for (let t = from - 1; t >= Math.max(clause.from, from - MODIFIER_REACH); t--) {
    const token = tokens[t]!;
    if (token.kind !== 'word' || PHRASE_BREAKERS.has(token.norm)) break;
    const u = index.unitAt[t]!;
    const entry = u === -1 ? undefined : index.units[u]!.entry;
    if (entry && (entry.negator || entry.multiplier !== 1)) from = index.units[u]!.from;
  }
  if (to - from === 1 && from > clause.from && LINKING_VERBS.has(tokens[from - 1]!.norm)) from--;
  // "came out that" → "came out that afternoon", "in under" → "in under two hours".
  for (let extra = 0; extra < 3 && to < clause.to && DANGLING.test(tokens[to - 1]!.norm) && tokens[to]!.kind === 'word'; extra++) to++;
  return text.slice(tokens[from]!.start, tokens[to - 1]!.end).toLowerCase();
}

/** The first mention starting at or after token `from` (binary search over text order). */
function firstFrom(mentions: readonly Mention[], from: number): number {
  let lo = 0;
  let hi = mentions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (mentions[mid]!.from < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function allWords(tokens: readonly Token[], from: number, to: number): boolean {
  for (let t = from; t < to; t++) if (tokens[t]!.kind !== 'word' || PHRASE_BREAKERS.has(tokens[t]!.norm)) return false;
  return true;
}

function isSegmentBreak(token: Token): boolean {
  return token.kind === 'pause' || token.kind === 'stop' || token.norm === 'and';
}

function isWordLike(token: Token): boolean {
  return token.kind === 'word' || token.kind === 'money';
}

function sentenceScores(
  text: string,
  tokens: readonly Token[],
  clauses: readonly Clause[],
  clauseSentiment: readonly number[],
  mentions: readonly Mention[],
): TextAnalysis['sentences'] {
  const bySentence = new Map<number, { from: number; to: number; sum: number; aspects: Set<AspectId> }>();
  clauses.forEach((clause, c) => {
    const s = bySentence.get(clause.sentence) ?? { from: clause.from, to: clause.to, sum: 0, aspects: new Set() };
    s.to = clause.to;
    s.sum += clauseSentiment[c]!;
    bySentence.set(clause.sentence, s);
  });
  for (const m of mentions) if (m.opinionated) bySentence.get(clauses[m.clause]!.sentence)?.aspects.add(m.aspect);
  return [...bySentence.values()].map((s) => {
    // A sentence opening with "But" starts before its first clause.
    while (s.from > 0 && tokens[s.from - 1]!.kind !== 'stop') s.from--;
    const stop = tokens[s.to]?.kind === 'stop' && tokens[s.to]!.norm !== '\n' ? tokens[s.to]!.end : tokens[s.to - 1]!.end;
    return { text: text.slice(tokens[s.from]!.start, stop), score: normalise(s.sum, SENTIMENT_ALPHA), aspects: s.aspects.size };
  });
}

export function normalise(sum: number, alpha: number): number {
  return sum / Math.sqrt(sum * sum + alpha);
}

export function round3(value: number): number {
  return Math.round(value * 1000) / 1000 + 0;
}
