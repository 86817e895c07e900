import { escapeRegExp, normaliseText } from './text.ts';

/**
 * Finds catalogue and roster phrases in a text as whole words: one
 * alternation, longest phrase first, so "breaker panel" is read as the panel
 * and not also as a breaker. Each find carries the targets (services or
 * technicians) its phrase names.
 */
export interface PhraseMatch {
  phrase: string;
  targets: string[];
  /** Offsets in the normalised text (the same as the original's for ASCII and composed text). */
  start: number;
  end: number;
}

export function phraseMatcher(phrases: Map<string, string[]>): (text: string) => PhraseMatch[] {
  if (phrases.size === 0) return () => [];
  const alternation = [...phrases.keys()]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map(escapeRegExp)
    .join('|');
  // Whole words: \b is ASCII-only, so use Unicode-aware lookarounds ("Tomás").
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation})(?![\\p{L}\\p{N}])`, 'gu');
  return (text) =>
    [...normaliseText(text).matchAll(pattern)].map((m) => ({
      phrase: m[0],
      targets: phrases.get(m[0]) ?? [],
      start: m.index,
      end: m.index + m[0].length,
    }));
}

/** Adds a target to a phrase's list, once. */
export function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}
