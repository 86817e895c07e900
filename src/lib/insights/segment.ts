import type { Token } from './tokenize.ts';

/**
 * A clause: a token range [from, to) inside one sentence. Opinions rarely
 * cross a clause boundary ("great work but pricey"), so aspects take their
 * polarity from their own clause only.
 */
export interface Clause {
  from: number;
  to: number;
  sentence: number;
  /** How much the clause counts towards the review's overall sentiment. */
  weight: number;
}

/**
 * "but"-like markers shift the weight of the sentence to what follows them,
 * as in VADER (Hutto & Gilbert 2014): before ×0.5, after ×1.5.
 */
const SHIFTING = new Set(['but', 'however', 'except', 'whereas']);
/** Concessive markers discount the clause they open, up to its comma ("although pricey, ..."). */
const CONCESSIVE = new Set(['although', 'though', 'despite', 'albeit']);
/** Pauses that end a clause; commas only end a negation's scope. */
const CLAUSE_PAUSES = new Set([';', ':', '(', ')', '\u2013', '\u2014', '-']);
/** Words that open a new clause without shifting weight ("..., otherwise a good experience"). */
const CLAUSE_WORDS = new Set(['otherwise']);

export function splitClauses(tokens: readonly Token[]): Clause[] {
  const clauses: Clause[] = [];
  let sentence = 0;
  let sentenceFirstClause = 0;
  let from = 0;
  let nextWeight = 1;
  let concessive = false;
  // Each shift halves the clauses before it in the sentence; counted, and
  // applied once when the sentence ends, so a run-on sentence stays linear.
  let shifts = 0;
  const shiftsBefore: number[] = [];
  const close = (to: number): void => {
    if (to > from) {
      clauses.push({ from, to, sentence, weight: nextWeight });
      shiftsBefore.push(shifts);
    }
    nextWeight = 1;
    concessive = false;
  };
  const endSentence = (): void => {
    for (let c = sentenceFirstClause; c < clauses.length; c++) clauses[c]!.weight *= 0.5 ** (shifts - shiftsBefore[c]!);
    shifts = 0;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'stop') {
      close(i);
      endSentence();
      sentence += 1;
      sentenceFirstClause = clauses.length;
      from = i + 1;
    } else if (
      (token.kind === 'pause' && (CLAUSE_PAUSES.has(token.norm) || (concessive && token.norm === ','))) ||
      CLAUSE_WORDS.has(token.norm)
    ) {
      close(i);
      from = i + 1;
    } else if (token.kind === 'word' && SHIFTING.has(token.norm)) {
      close(i);
      shifts += 1;
      nextWeight = 1.5;
      from = i + 1;
    } else if (token.kind === 'word' && CONCESSIVE.has(token.norm)) {
      close(i);
      nextWeight = 0.5;
      concessive = true;
      from = i + 1;
    }
  }
  close(tokens.length);
  endSentence();
  return clauses;
}
