import type { Dictionary, Entry } from './dictionary.ts';
import { IMPLICIT_CUES, IMPLICIT_TRIGGERS } from './implicit-cues.ts';
import type { Token } from './tokenize.ts';

/** A matched phrase: tokens [from, to) and what the lexicon knows about it. */
export interface Unit {
  from: number;
  to: number;
  entry: Entry;
}

export interface UnitIndex {
  units: Unit[];
  /** Token index → index into `units`, or -1 for tokens no phrase covers. */
  unitAt: Int32Array;
  /**
   * counterfactualBefore[t]: how many of the tokens before t belong to a
   * counterfactual phrase ("I wish", "should have"), so a whole clause is asked
   * in constant time instead of scanned back per phrase.
   */
  counterfactualBefore: Int32Array;
}

const MONEY: Entry = {
  valence: 0,
  aspectValence: undefined,
  cues: [{ aspect: 'pricing', kind: '0' }],
  negator: false,
  multiplier: 1,
  counterfactual: false,
  unrealised: false,
  repair: false,
  otherParty: false,
};

/**
 * Longest match first: implicit patterns, then lexicon phrases left to right,
 * so "not only" is read before "not" and "clean install" before "clean".
 */
export function matchUnits(tokens: readonly Token[], dictionary: Dictionary): UnitIndex {
  const unitAt = new Int32Array(tokens.length).fill(-1);
  const found: Unit[] = [];
  for (const unit of implicitUnits(tokens)) claim(found, unitAt, unit);
  for (let i = 0; i < tokens.length; i++) {
    if (unitAt[i] !== -1) continue;
    const unit = lexiconUnit(tokens, i, dictionary, unitAt);
    if (unit) {
      claim(found, unitAt, unit);
      i = unit.to - 1;
    }
  }
  found.sort((a, b) => a.from - b.from);
  const units = found;
  for (let u = 0; u < units.length; u++) for (let t = units[u]!.from; t < units[u]!.to; t++) unitAt[t] = u;
  const counterfactualBefore = new Int32Array(tokens.length + 1);
  for (let t = 0; t < tokens.length; t++) {
    const u = unitAt[t]!;
    counterfactualBefore[t + 1] = counterfactualBefore[t]! + (u !== -1 && units[u]!.entry.counterfactual ? 1 : 0);
  }
  return { units, unitAt, counterfactualBefore };
}

function claim(found: Unit[], unitAt: Int32Array, unit: Unit): void {
  for (let t = unit.from; t < unit.to; t++) if (unitAt[t] !== -1) return;
  for (let t = unit.from; t < unit.to; t++) unitAt[t] = found.length;
  found.push(unit);
}

function lexiconUnit(tokens: readonly Token[], i: number, dictionary: Dictionary, unitAt: Int32Array): Unit | null {
  const first = tokens[i]!;
  if (first.kind === 'money') return { from: i, to: i + 1, entry: MONEY };
  if (first.kind !== 'word') return null;
  if (dictionary.prefixes.has(first.norm)) {
    // Grow the key while it is still the start of some phrase, then try the longest first.
    const keys = [first.norm];
    for (let j = i + 1; j < tokens.length && dictionary.prefixes.has(keys[keys.length - 1]!); j++) {
      const token = tokens[j]!;
      if (token.kind !== 'word' || unitAt[j] !== -1) break;
      keys.push(`${keys[keys.length - 1]} ${token.norm}`);
    }
    for (let n = keys.length; n > 1; n--) {
      const entry = dictionary.entries.get(keys[n - 1]!);
      if (entry) return { from: i, to: i + n, entry };
    }
  }
  const entry = dictionary.entries.get(first.norm);
  return entry ? { from: i, to: i + 1, entry } : null;
}

/** Runs the implicit patterns on the tokens joined by spaces and maps matches back to tokens. */
function implicitUnits(tokens: readonly Token[]): Unit[] {
  const wanted = new Set<number>();
  for (const token of tokens) {
    const triggered = IMPLICIT_TRIGGERS.get(token.norm);
    if (triggered) for (const i of triggered) wanted.add(i);
  }
  if (wanted.size === 0) return [];
  const starts: number[] = [];
  let joined = '';
  for (const token of tokens) {
    if (joined.length > 0) joined += ' ';
    starts.push(joined.length);
    joined += token.norm === '\n' ? '.' : token.norm;
  }
  const units: Unit[] = [];
  // In pattern order, whatever order the triggers came in: the output must not depend on it.
  for (const i of [...wanted].sort((a, b) => a - b)) {
    const implicit = IMPLICIT_CUES[i]!;
    implicit.pattern.lastIndex = 0;
    for (let m = implicit.pattern.exec(joined); m !== null; m = implicit.pattern.exec(joined)) {
      const from = tokenAt(starts, m.index);
      const to = tokenAt(starts, m.index + m[0].length - 1) + 1;
      units.push({ from, to, entry: { ...MONEY, valence: implicit.valence, cues: implicit.cues } });
    }
  }
  return units.sort((a, b) => a.from - b.from || b.to - a.to);
}

/** Index of the token whose joined text contains character `offset` (binary search). */
function tokenAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
