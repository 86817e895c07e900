import type { ServiceFile, Technician } from '../schemas/catalogue.ts';
import { escapeRegExp, normaliseText } from './text.ts';

/**
 * Finds which roster technicians and catalogue services a text mentions.
 * One alternation per kind, longest phrase first, so "breaker panel" is read
 * as the panel and not also as a breaker.
 */
export interface MentionMatcher {
  technicians(text: string): string[];
  services(text: string): string[];
}

export function createMentionMatcher(roster: readonly Technician[], catalogue: readonly ServiceFile[]): MentionMatcher {
  const technicians = phraseMatcher(technicianPhrases(roster, { includeSharedFirstNames: false }));
  const services = phraseMatcher(servicePhrases(catalogue));
  return { technicians, services };
}

/**
 * Phrase → technician names. A first name two technicians share is ambiguous in
 * free text, so derivation leaves it out; a search filter may include it
 * (the contract: "a first name two technicians share matches both").
 */
export function technicianPhrases(roster: readonly Technician[], options: { includeSharedFirstNames: boolean }): Map<string, string[]> {
  const firstNameOwners = new Map<string, string[]>();
  for (const t of roster) push(firstNameOwners, normaliseText(firstName(t.name)), t.name);
  const phrases = new Map<string, string[]>();
  for (const t of roster) {
    for (const alias of [t.name, ...t.aliases]) push(phrases, normaliseText(alias), t.name);
    const first = normaliseText(firstName(t.name));
    const shared = (firstNameOwners.get(first)?.length ?? 0) > 1;
    if (!shared || options.includeSharedFirstNames) push(phrases, first, t.name);
  }
  return phrases;
}

/** Phrase → service ids, from labels, ids written as words and synonyms. */
export function servicePhrases(catalogue: readonly ServiceFile[]): Map<string, string[]> {
  const phrases = new Map<string, string[]>();
  for (const s of catalogue) {
    for (const phrase of [s.label, s.id, ...s.synonyms]) push(phrases, normaliseText(phrase), s.id);
  }
  return phrases;
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function phraseMatcher(phrases: Map<string, string[]>): (text: string) => string[] {
  if (phrases.size === 0) return () => [];
  const alternation = [...phrases.keys()]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map(escapeRegExp)
    .join('|');
  // Whole words: \b is ASCII-only, so use Unicode-aware lookarounds ("Tomás").
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation})(?![\\p{L}\\p{N}])`, 'gu');
  return (text) => {
    const found = new Set<string>();
    for (const match of normaliseText(text).matchAll(pattern)) {
      for (const target of phrases.get(match[0]) ?? []) found.add(target);
    }
    return [...found].sort();
  };
}
