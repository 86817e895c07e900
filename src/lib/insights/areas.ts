import type { ServiceArea } from '../../schemas/catalogue.ts';
import { escapeRegExp } from '../text.ts';

/**
 * The first service area a text names (by name or alias, whole words, any
 * case), as its canonical name. Compiled once per build.
 */
export function createAreaMatcher(areas: readonly ServiceArea[]): (text: string) => string | null {
  const byPhrase = new Map<string, string>();
  for (const area of areas) for (const phrase of [area.name, ...area.aliases]) byPhrase.set(phrase.toLowerCase(), area.name);
  if (byPhrase.size === 0) return () => null;
  const alternation = [...byPhrase.keys()]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map(escapeRegExp)
    .join('|');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation})(?![\\p{L}\\p{N}])`, 'iu');
  return (text) => {
    const match = pattern.exec(text);
    return match ? (byPhrase.get(match[0].toLowerCase()) ?? null) : null;
  };
}
