import type { Clause } from './segment.ts';
import type { Token } from './tokenize.ts';
import type { UnitIndex } from './units.ts';
import { MODIFIER_WINDOW, NEGATION_WINDOW, REPAIR_WINDOW } from './modifiers.ts';

/** How the words before a unit change its opinion. */
export interface Context {
  negated: boolean;
  /** Product of boosters and hedges right before it. */
  multiplier: number;
  /** Inside "I wish they had ..." / "should have ...": praise reads as a complaint. */
  counterfactual: boolean;
  /** After "could have": a fault that did not happen. */
  unrealised: boolean;
  /** Right after a repair verb: a fault word names what was fixed. */
  repaired: boolean;
}

/** Words that end a negation's reach: "didn't call and was rude" does not negate "rude". */
const SCOPE_BREAKERS = new Set(['and', 'because', 'which', 'who', 'when', 'then']);
/** After these, a negator praises: "never had such thorough service", "not a better crew". */
const SUPERLATIVE_MARKERS = new Set(['such', 'more', 'better', 'nicer', 'cleaner', 'faster', 'happier']);
/** VADER's damping of a negated opinion ("not bad" is milder than "good"). */
export const NEGATION_FACTOR = -0.74;

export function contextOf(tokens: readonly Token[], index: UnitIndex, clause: Clause, unit: number): Context {
  const start = index.units[unit]!.from;
  return {
    negated: isNegated(tokens, index, clause, unit),
    multiplier: multiplierBefore(tokens, index, clause.from, start),
    counterfactual: index.counterfactualBefore[start]! - index.counterfactualBefore[clause.from]! > 0,
    unrealised: anyBefore(index, clause.from, start, REPAIR_WINDOW, (e) => e.unrealised),
    repaired: anyBefore(index, clause.from, start, REPAIR_WINDOW, (e) => e.repair),
  };
}

/** Applies negation, boosters, hedges, counterfactuals and repair to a raw valence. */
export function applyContext(value: number, context: Context): number {
  let result = value * context.multiplier;
  if (context.negated) result *= NEGATION_FACTOR;
  if (context.counterfactual && result > 0) result = -result;
  if ((context.repaired || context.unrealised) && result < 0) result = 0;
  return result;
}

function isNegated(tokens: readonly Token[], index: UnitIndex, clause: Clause, unit: number): boolean {
  const { from, to } = index.units[unit]!;
  for (let t = from - 1; t >= Math.max(clause.from, from - NEGATION_WINDOW); t--) {
    const token = tokens[t]!;
    if (token.kind !== 'word' || SCOPE_BREAKERS.has(token.norm)) return false;
    const u = index.unitAt[t]!;
    if (u !== -1 && index.units[u]!.entry.negator) return !hasSuperlative(tokens, t + 1, to);
  }
  return false;
}

function hasSuperlative(tokens: readonly Token[], from: number, to: number): boolean {
  for (let t = from; t < to; t++) if (SUPERLATIVE_MARKERS.has(tokens[t]!.norm)) return true;
  return false;
}

function multiplierBefore(tokens: readonly Token[], index: UnitIndex, clauseFrom: number, start: number): number {
  let multiplier = 1;
  for (let t = start - 1; t >= Math.max(clauseFrom, start - MODIFIER_WINDOW); t--) {
    if (tokens[t]!.kind !== 'word') break;
    const u = index.unitAt[t]!;
    if (u !== -1 && index.units[u]!.to === t + 1) multiplier *= index.units[u]!.entry.multiplier;
  }
  return multiplier;
}

function anyBefore(
  index: UnitIndex,
  clauseFrom: number,
  start: number,
  window: number,
  test: (entry: UnitIndex['units'][number]['entry']) => boolean,
): boolean {
  for (let t = start - 1; t >= Math.max(clauseFrom, start - window); t--) {
    const u = index.unitAt[t]!;
    if (u !== -1 && test(index.units[u]!.entry)) return true;
  }
  return false;
}
