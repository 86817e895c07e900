import type { Technician } from '../schemas/catalogue.ts';
import { push } from './phrase-matcher.ts';
import { normaliseText } from './text.ts';

/**
 * The phrases roster technicians are found by: their names and aliases, their
 * first names, and the forms people write beyond the roster's own ("Matt B",
 * "Matthew B.", "both Chrises"). Whether a phrase found is used as a name is
 * technician-names.ts's reading (docs/insights.md, "Technicians").
 */

/**
 * Phrase → technician names. A first name two technicians share is ambiguous in
 * free text; a search filter includes it (docs/interface.md, "Matching": a
 * first name two technicians share names both), and so does derivation, where a review
 * that also names one of them fully means that one.
 */
export function technicianPhrases(roster: readonly Technician[], options: { includeSharedFirstNames: boolean }): Map<string, string[]> {
  const owners = firstNameOwners(roster);
  const phrases = new Map<string, string[]>();
  for (const t of roster) {
    for (const alias of [t.name, ...t.aliases]) push(phrases, normaliseText(alias), t.name);
    const first = normaliseText(firstName(t.name));
    const shared = (owners.get(first)?.length ?? 0) > 1;
    if (!shared || options.includeSharedFirstNames) push(phrases, first, t.name);
  }
  return phrases;
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** Normalised first name → the roster technicians who have it. */
export function firstNameOwners(roster: readonly Technician[]): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const t of roster) push(owners, normaliseText(firstName(t.name)), t.name);
  return owners;
}

/** Given names and the shorter or longer forms people write for them (a fact of English names, not of one roster). */
const GIVEN_NAME_FORMS: readonly (readonly string[])[] = [
  ['matt', 'matthew', 'matty'],
  ['chris', 'christopher', 'christine', 'christina'],
  ['will', 'william', 'willy', 'willie', 'bill', 'billy'],
  ['ted', 'teddy', 'theodore', 'edward', 'ed'],
  ['drew', 'andrew', 'andy'],
  ['rob', 'robert', 'bob', 'bobby', 'robbie'],
  ['mike', 'michael', 'mikey'],
  ['dave', 'david'],
  ['dan', 'daniel', 'danny'],
  ['tom', 'thomas', 'tommy'],
  ['jim', 'james', 'jimmy', 'jamie'],
  ['joe', 'joseph', 'joey'],
  ['tony', 'anthony'],
  ['nick', 'nicholas', 'nicky'],
  ['steve', 'steven', 'stephen'],
  ['sam', 'samuel', 'samantha'],
  ['ben', 'benjamin', 'benny'],
  ['alex', 'alexander', 'alexandra'],
  ['kate', 'katherine', 'katie', 'kathy'],
  ['liz', 'elizabeth', 'beth', 'lizzie'],
  ['rosa', 'rose', 'rosie'],
  ['greg', 'gregory'],
  ['jeff', 'jeffrey'],
  ['jon', 'jonathan', 'john', 'johnny'],
  ['pat', 'patrick', 'patricia'],
  ['marc', 'marcus', 'mark'],
];

/**
 * Written forms of roster names beyond the roster's own aliases: the first
 * name and the surname's initial with or without its full stop ("Matt B",
 * "Bill S."), the given name's longer or shorter form with that initial
 * ("Matthew B."), and the plural of a first name two people share ("both
 * Chrises", which means both). A form never takes a phrase the roster gives
 * itself; an initial without its stop names someone only when it reads as an
 * initial (initialReadsAsName, technician-names.ts).
 */
export function writtenNameForms(roster: readonly Technician[]): {
  phrases: Map<string, string[]>;
  specific: Set<string>;
  plurals: Set<string>;
} {
  const own = technicianPhrases(roster, { includeSharedFirstNames: true });
  const phrases = new Map<string, string[]>();
  const specific = new Set<string>();
  const plurals = new Set<string>();
  const firstOwners = firstNameOwners(roster);
  for (const t of roster) {
    const parts = normaliseText(t.name).split(/\s+/);
    if (parts.length < 2) continue;
    const first = parts[0]!;
    const initial = [...parts[parts.length - 1]!][0]!;
    const givens = new Set([first, ...(GIVEN_NAME_FORMS.find((f) => f.includes(first)) ?? [])]);
    for (const given of givens) {
      for (const form of [`${given} ${initial}.`, `${given} ${initial}`, `${given} ${parts.slice(1).join(' ')}`]) {
        if (own.has(form)) continue;
        push(phrases, form, t.name);
        specific.add(form);
      }
    }
  }
  for (const [first, owners] of firstOwners) {
    if (owners.length < 2) continue;
    const plural = /(?:s|x|z|ch|sh)$/.test(first) ? `${first}es` : `${first}s`;
    if (own.has(plural)) continue;
    for (const o of owners) push(phrases, plural, o);
    plurals.add(plural);
  }
  // A form two people share with different initials is kept; one that two people share exactly names both (the phrase's targets).
  for (const [phrase, names] of phrases) if (names.length > 1 && !plurals.has(phrase)) specific.delete(phrase);
  return { phrases, specific, plurals };
}

/** Phrases that name one person beyond doubt: a full name, or an alias of two words or more ("Chris D."). */
export function specificNames(roster: readonly Technician[]): Set<string> {
  const names = new Set<string>();
  for (const t of roster) for (const alias of [t.name, ...t.aliases]) if (/\s/.test(alias.trim())) names.add(normaliseText(alias));
  return names;
}
