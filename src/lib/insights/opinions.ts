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
const ABSENCE_IS_BAD: ReadonlySet<AspectId> = new Set(['communication', 'responsiveness', 'punctuality']);

interface Opinion {
  unit: Unit;
  context: ReturnType<typeof contextOf>;
}

/** Finds the cues of one clause and attaches each opinion word to the nearest cue it can describe. */
export function scoreClause(tokens: readonly Token[], index: UnitIndex, clause: Clause, clauseIndex: number, units: readonly number[]): ClauseOpinions {
  if (units.some((u) => index.units[u]!.entry.otherParty)) return { mentions: [], sentiment: 0, orphan: 0 };
  const mentions: Mention[] = [];
  const opinions: Opinion[] = [];
  let sentiment = 0;
  for (const u of units) {
    const unit = index.units[u]!;
    const context = contextOf(tokens, index, clause, u);
    const { entry } = unit;
    for (const sense of entry.cues) {
      const score = cueScore(sense.aspect, sense.kind, entry.valence, context);
      const opinionated = score !== 0 || ((sense.kind === '+' || sense.kind === '-') && !context.repaired);
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
  const orphan = attach(opinions, mentions);
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
function attach(opinions: readonly Opinion[], mentions: Mention[]): number {
  let orphan = 0;
  for (const { unit, context } of opinions) {
    let best: Mention | undefined;
    let bestGap = MAX_GAP + 1;
    for (const mention of mentions) {
      if (valenceFor(unit, mention.aspect) === 0) continue;
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

function valenceFor(unit: Unit, aspect: AspectId): number {
  return unit.entry.aspectValence?.[aspect] ?? unit.entry.valence;
}
