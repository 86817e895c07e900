/**
 * Text normalisation shared by mention matching and search, so that a query
 * typed with a different Unicode composition or case still finds the review.
 */
export function normaliseText(text: string): string {
  // ASCII is its own NFKC form: skip the call into ICU, the dearer half.
  return (isAscii(text) ? text : text.normalize('NFKC')).toLowerCase();
}

const COMBINING_MARKS = /\p{Mn}/gu;

/**
 * What the search's `query` matches on, on both sides (docs/interface.md, "Read endpoints"):
 * NFKC, lower case, and diacritics folded, so that `Tomas` finds `Tomás` and
 * `cafe` finds `café`. The marks are stripped from the canonical
 * decomposition, then what is left is composed again (Hangul syllables stay
 * syllables).
 */
export function foldText(text: string): string {
  if (isAscii(text)) return text.toLowerCase();
  return text.normalize('NFKC').toLowerCase().normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}

/** Whether every character is ASCII. A loop, not a regular expression: it runs on every search, where a call into a regular expression's code costs more than the check. */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
