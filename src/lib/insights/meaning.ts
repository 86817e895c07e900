import type { AspectId } from '../../schemas/catalogue.ts';
import type { Polarity } from './analyse-text.ts';

/**
 * Two readings the models get backwards, fixed after them (docs/insights.md,
 * "Meaning fixes"):
 *
 * - A refusal of unsafe or unpermitted work is evidence *for* safety, even
 *   when the customer is angry about it ("They refused and said I need new
 *   wire and a permit").
 * - A complaint about a fee is about pricing, not expertise ("Paid $165 for
 *   someone to come out and tell me the problem was on the utility side"):
 *   technical knowledge is criticised only when the sentence says the
 *   diagnosis or the knowledge failed.
 */
export interface MeaningAspect {
  id: AspectId;
  polarity: Polarity;
  score: number;
  evidence: string;
}

const REFUSAL =
  /\b(?:refused|declined|(?:wouldn't|would not|won't|will not|wouldnt|wont)\s+(?:\w+\s+)?(?:do|install|touch|hook|wire|put|connect|work|add|run|use|reuse|sign))\b/i;
const UNSAFE_OR_UNPERMITTED =
  /\b(?:permit|permits|unpermitted|code|unsafe|not safe|safety|hazard|hazardous|dangerous|fire|new wire|undersized|gauge|legal|illegal|listed|overload(?:ed)?)\b/i;
/** Whose refusal: this business's people, not another party's ("the other guy refused"). */
const OTHER_REFUSER =
  /(?:\b(?:other|previous|last|another|first)\s+(?:\w+\s+)?(?:guy|guys|company|electrician|contractor)s?|\b(?:landlord|builder|gc|inspector|city|county|utility|hoa|husband|wife|insurer|insurance company|property manager)s?)\b[^.!?]*$/i;
/** "It was to code" is a reason not to change the work, not a hazard. */
const TO_CODE = /\b(?:to|up to|meets|met) code\b/i;
const FEE = /(?:\$\s?\d|\b(?:fee|fees|charge|charged|charging|paid|pay|bill|billed|invoice|cost|price)\b)/i;
/** Words that do put expertise in question. */
const EXPERTISE_FAILED =
  /\b(?:wrong|guess|guessed|guessing|misdiagnos\w*|didn't know|didnt know|did not know|learning on|probably|what to check|didn'?t diagnose|second opinion|actual problem|(?:next|another|other) electrician|not fine|properly|hazard|took (?:them|him|her) (?:two|three|four|\d) (?:goes|tries|attempts|visits)|should have (?:been )?(?:found|caught|known|tested)|no idea|clueless|couldn't (?:find|figure)|could not (?:find|figure)|had to look|swapped parts|inexperienced|incompetent|not sure what|missed the)\b/i;

export function refineMeaning(text: string, aspects: MeaningAspect[]): MeaningAspect[] {
  let result = aspects;
  const refusal = refusalClause(text);
  if (refusal !== null) {
    const safety = result.find((a) => a.id === 'safety');
    const positive: MeaningAspect = {
      id: 'safety',
      polarity: 'positive',
      score: Math.max(0.5, Math.abs(safety?.score ?? 0)),
      evidence: refusal,
    };
    result = safety ? result.map((a) => (a.id === 'safety' ? positive : a)) : [...result, positive];
  }
  const knowledge = result.find((a) => a.id === 'technical_knowledge');
  // Only when the quoted words themselves are about money: "Paid $165 for someone to come out and tell me …".
  if (knowledge && knowledge.polarity === 'negative' && FEE.test(knowledge.evidence)) {
    // Anywhere in the review: "… So I paid $475 to be told the wrong thing."
    if (!EXPERTISE_FAILED.test(text)) {
      result = result.filter((a) => a.id !== 'technical_knowledge');
      if (!result.some((a) => a.id === 'pricing')) result = [...result, { ...knowledge, id: 'pricing' }];
    }
  }
  return result;
}

/** The clause of a sentence in which this business refuses unsafe or unpermitted work, or null. */
function refusalClause(text: string): string | null {
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const refusal = REFUSAL.exec(sentence);
    if (!refusal || !UNSAFE_OR_UNPERMITTED.test(sentence.replace(TO_CODE, ''))) continue;
    if (OTHER_REFUSER.test(sentence.slice(0, refusal.index))) continue;
    // The sentence from its start to the first comma after the hazard: "They refused and said I need new wire and a permit".
    const hazard = UNSAFE_OR_UNPERMITTED.exec(sentence.slice(refusal.index));
    if (hazard === null) return sentence.trim();
    const stop = sentence.slice(refusal.index + hazard.index).search(/[,;:.!?]/);
    const end = stop === -1 ? sentence.length : refusal.index + hazard.index + stop;
    return sentence.slice(0, end).trim();
  }
  return null;
}

/** The sentence of `text` that holds `evidence` (the first occurrence). */
export function sentenceAround(text: string, evidence: string): string {
  const at = text.indexOf(evidence);
  if (at === -1) return evidence;
  let from = at;
  while (from > 0 && !/[.!?\n]/.test(text[from - 1]!)) from--;
  let to = at + evidence.length;
  while (to < text.length && !/[.!?\n]/.test(text[to]!)) to++;
  return text.slice(from, to);
}
