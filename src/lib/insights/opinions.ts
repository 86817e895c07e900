import type { AspectId } from '../../schemas/catalogue.ts';
import type { CueKind } from './aspect-cues.ts';
import { applyContext, contextOf } from './context.ts';
import type { Clause } from './segment.ts';
import type { Token } from './tokenize.ts';
import type { Unit, UnitIndex } from './units.ts';

/** One place a review talks about an aspect, with the opinion attached to it. */
export interface Mention {
  aspect: AspectId;
  kind: CueKind;
  /** Token range of the cue. */
  from: number;
  to: number;
  clause: number;
  /** Token range of the cue and the opinion words attached to it: the evidence. */
  spanFrom: number;
  spanTo: number;
  score: number;
  /** False when nothing in the clause judged the aspect ("the quote was $900"). */
  opinionated: boolean;
}

export interface ClauseOpinions {
  mentions: Mention[];
  /** Sum of every opinion in the clause: the clause's share of the review sentiment. */
  sentiment: number;
  /** Opinions no aspect in the clause claimed; a sentence-level hint for bare mentions. */
  orphan: number;
}

/** Strength of a cue that carries its own opinion but no general valence ("on time"). */
const CUE_STRENGTH = 2;
/** An opinion word this many tokens away from every cue is not about any of them. */
const MAX_GAP = 8;
/** Aspects where a negated bare cue is a complaint; "no trip fee" or "no hazards" are not. */
/** Without one of these, a fault word on an installed object describes the original problem. */
const PERSISTENCE = new Set(['still', 'again', 'already', 'later', 'afterwards', 'afterward', 'anymore', 'since', 'now', 'new', 'worse']);
/** "our old panel" is not their work. */
const NOT_THEIRS = new Set(['old', 'original', 'previous', 'existing', 'former', 'ancient', 'outdated']);
/**
 * "three weeks to get a call back", "waiting for a response": a service asked
 * for is not a service given.
 */
const GOAL_MARKERS = new Set(['get', 'getting', 'for', 'awaiting']);
const TIMELY: ReadonlySet<AspectId> = new Set(['responsiveness', 'punctuality']);
const ABSENCE_IS_BAD: ReadonlySet<AspectId> = new Set(['communication', 'responsiveness', 'punctuality']);

interface Opinion {
  unit: Unit;
  context: ReturnType<typeof contextOf>;
}

/** Finds the cues of one clause and attaches each opinion word to the nearest cue it can describe. */
export function scoreClause(
  tokens: readonly Token[],
  index: UnitIndex,
  clause: Clause,
  clauseIndex: number,
  units: readonly number[],
): ClauseOpinions {
  // Whatever follows "our previous electrician" in the clause is about them, not this business.
  const otherParty = units.findIndex((u) => index.units[u]!.entry.otherParty);
  if (otherParty !== -1) units = units.slice(0, otherParty);
  const mentions: Mention[] = [];
  const opinions: Opinion[] = [];
  let sentiment = 0;
  const persistent = hasWord(tokens, clause.from, clause.to, PERSISTENCE);
  for (const u of units) {
    const unit = index.units[u]!;
    const context = contextOf(tokens, index, clause, u);
    const { entry } = unit;
    for (const sense of entry.cues) {
      if (sense.kind === 'o' && hasWord(tokens, Math.max(clause.from, unit.from - 2), unit.from, NOT_THEIRS)) continue;
      const goal =
        sense.kind === '+' && TIMELY.has(sense.aspect) && hasWord(tokens, Math.max(clause.from, unit.from - 3), unit.from, GOAL_MARKERS);
      const score = goal ? 0 : cueScore(sense.aspect, sense.kind, entry.valence, context);
      const opinionated = score !== 0 || ((sense.kind === '+' || sense.kind === '-') && !context.repaired && !goal);
      mentions.push({
        aspect: sense.aspect,
        kind: sense.kind,
        from: unit.from,
        to: unit.to,
        clause: clauseIndex,
        spanFrom: unit.from,
        spanTo: unit.to,
        score,
        opinionated,
      });
    }
    if (entry.valence !== 0) sentiment += applyContext(entry.valence, context);
    else if (entry.cues.length > 0) sentiment += (cueScore(entry.cues[0]!.aspect, entry.cues[0]!.kind, 0, context) * 3) / 4;
    if (entry.cues.length === 0 && (entry.valence !== 0 || entry.aspectValence)) opinions.push({ unit, context });
  }
  const orphan = attach(opinions, mentions, persistent);
  return { mentions, sentiment, orphan };
}

function cueScore(aspect: AspectId, kind: CueKind, valence: number, context: ReturnType<typeof contextOf>): number {
  const strength = valence !== 0 ? Math.abs(valence) : CUE_STRENGTH;
  if (kind === '+') return applyContext(strength, context);
  if (kind === '-') return applyContext(-strength, context);
  if (kind === 'e' && (context.negated || context.counterfactual)) return -CUE_STRENGTH * 0.75;
  // "no communication", "zero updates", "no response": the absence is the complaint.
  if (kind === '0' && context.negated && ABSENCE_IS_BAD.has(aspect)) return -CUE_STRENGTH * 0.75;
  return 0;
}

/** Adds each opinion to its nearest mention; returns the sum of the opinions left over. */
function attach(opinions: readonly Opinion[], mentions: Mention[], persistent: boolean): number {
  let orphan = 0;
  for (const { unit, context } of opinions) {
    let best: Mention | undefined;
    let bestGap = MAX_GAP + 1;
    // Mentions are in text order and do not overlap: only those within MAX_GAP can win.
    for (let i = firstWithin(mentions, unit.from - MAX_GAP); i < mentions.length; i++) {
      const mention = mentions[i]!;
      if (mention.from - unit.to + 0.5 >= MAX_GAP + 1) break;
      if (valenceFor(unit, mention.aspect) === 0) continue;
      // A person is judged on manner only: "the tech was lovely", not "the best electrician".
      if (mention.kind === 'w' && mention.aspect === 'professionalism' && unit.entry.aspectValence?.professionalism === undefined) continue;
      if (mention.kind === 'o' && !persistent && applyContext(valenceFor(unit, mention.aspect), context) < 0) continue;
      const gap = unit.from >= mention.to ? unit.from - mention.to : mention.from - unit.to + 0.5;
      if (gap < bestGap) {
        best = mention;
        bestGap = gap;
      }
    }
    const value = best ? applyContext(valenceFor(unit, best.aspect), context) : 0;
    if (best && value !== 0) {
      best.score += value;
      best.opinionated = true;
      best.spanFrom = Math.min(best.spanFrom, unit.from);
      best.spanTo = Math.max(best.spanTo, unit.to);
    } else if (!best) orphan += applyContext(unit.entry.valence, context);
  }
  return orphan;
}

/** The first mention ending at or after token `to` (binary search over text order). */
function firstWithin(mentions: readonly Mention[], to: number): number {
  let lo = 0;
  let hi = mentions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (mentions[mid]!.to < to) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function hasWord(tokens: readonly Token[], from: number, to: number, words: ReadonlySet<string>): boolean {
  for (let t = from; t < to; t++) if (words.has(tokens[t]!.norm)) return true;
  return false;
}

function valenceFor(unit: Unit, aspect: AspectId): number {
  return unit.entry.aspectValence?.[aspect] ?? unit.entry.valence;
}
