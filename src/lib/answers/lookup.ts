import type { Service, Technician } from '../../schemas/catalogue.ts';
import { technicianPhrases } from '../technician-phrases.ts';
import { editDistance } from '../search/request-issues.ts';
import { foldText, normaliseText } from '../text.ts';

/** What a name given by a person (or an assistant) refers to. */
export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'ambiguous'; candidates: T[] } | { kind: 'unknown' };

/**
 * A technician by full name, first name or alias, case-insensitively: the
 * rule `mentions_technician` follows. A first name two technicians share is
 * ambiguous here (one answer is asked for), where the search matches both.
 */
export function findTechnician(roster: readonly Technician[], name: string): Lookup<Technician> {
  const names = technicianPhrases(roster, { includeSharedFirstNames: true }).get(normaliseText(name.trim())) ?? [];
  const matches = roster.filter((t) => names.includes(t.name));
  if (matches.length === 0) return { kind: 'unknown' };
  if (matches.length > 1) return { kind: 'ambiguous', candidates: matches };
  return { kind: 'found', value: matches[0] as Technician };
}

/** A service by id or label, case-insensitively: the rule `mentions_service` follows. */
export function findService(services: readonly Service[], idOrLabel: string): Lookup<Service> {
  const wanted = normaliseText(idOrLabel.trim());
  const match = services.find((s) => normaliseText(s.id) === wanted || normaliseText(s.label) === wanted);
  return match ? { kind: 'found', value: match } : { kind: 'unknown' };
}

/**
 * `candidates` ordered by how close the nearest of their names is to
 * `given`, closest first: a name that holds what was given, or is held by
 * it ("EV charger" in "EV charger installation"), then by edit distance;
 * case and accents ignored; equally close ones keep their order. For an
 * error that lists the valid names.
 */
export function closestFirst<T>(given: string, candidates: readonly T[], namesOf: (candidate: T) => readonly string[]): T[] {
  const wanted = foldText(given.trim());
  const closeness = (name: string): number => (name.includes(wanted) || wanted.includes(name) ? 0 : editDistance(wanted, name));
  const distance = (candidate: T): number => Math.min(...namesOf(candidate).map((name) => closeness(foldText(name))));
  return candidates
    .map((candidate, order) => ({ candidate, order, distance: distance(candidate) }))
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .map(({ candidate }) => candidate);
}

/**
 * Completion of a name or id (docs/interface.md, "MCP"): the values that start
 * with what was typed, then those with a later word that starts with it
 * ("k" → "technical_knowledge", "lin" → "Sofia Lindqvist"), never one that
 * only contains it ("p" does not offer "workmanship"); case and accents
 * ignored; in the order given within each group; at most `max`.
 */
export function completeFrom<T extends string>(values: Iterable<T>, typed: string, max = 100): T[] {
  const wanted = foldText(typed.trim());
  const starts: T[] = [];
  const words: T[] = [];
  for (const value of values) {
    const text = foldText(value);
    if (text.startsWith(wanted)) {
      starts.push(value);
      if (starts.length >= max) break;
    } else if (words.length < max && aWordStartsWith(text, wanted)) words.push(value);
  }
  return [...starts, ...words].slice(0, max);
}

/** Whether `wanted` starts at a word of `text` after the first (after a space, `-`, `_` or other non-letter). */
function aWordStartsWith(text: string, wanted: string): boolean {
  for (let at = text.indexOf(wanted, 1); at > 0; at = text.indexOf(wanted, at + 1)) {
    if (!WORD_CHAR.test(text[at - 1] as string)) return true;
  }
  return false;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
