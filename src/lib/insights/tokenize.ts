/**
 * Tokens keep their offsets into the original text, so every piece of
 * evidence the analyser quotes is a verbatim slice of the review.
 */
export type TokenKind = 'word' | 'money' | 'stop' | 'pause';

export interface Token {
  /** Lower case, typographic apostrophes folded to `'`: the key for every lexicon look-up. */
  norm: string;
  start: number;
  end: number;
  kind: TokenKind;
}

// Money first ("$1,850"), then words (letters, digits, inner apostrophes:
// "didn't", "8am"), then sentence stops and clause pauses. A hyphen splits
// words ("same-day" reads as "same day"), so the lexicon holds one spelling.
const TOKEN_PATTERN =
  /(\$\s?\d[\d,]*(?:\.\d+)?k?)|([\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*)|([.!?]+|\n\s*\n)|([,;:()\u2013\u2014"“”]|(?<=\s)-(?=\s))/gu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN_PATTERN.lastIndex = 0;
  for (let m = TOKEN_PATTERN.exec(text); m !== null; m = TOKEN_PATTERN.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[1] !== undefined) tokens.push({ norm: m[0].replace(/\s/g, ''), start, end, kind: 'money' });
    else if (m[2] !== undefined) tokens.push({ norm: foldWord(m[0]), start, end, kind: 'word' });
    else if (m[3] !== undefined) pushStop(tokens, text, m[0], start, end);
    else tokens.push({ norm: m[0], start, end, kind: 'pause' });
  }
  return tokens;
}

function foldWord(word: string): string {
  return word.toLowerCase().replace(/’/g, "'");
}

// A period after a title or a single initial ("Dr.", "Chris D.") or inside a
// number ("8.30") does not end the sentence.
const NON_FINAL = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'jr', 'sr', 'vs', 'etc', 'approx', 'e.g', 'i.e']);

function pushStop(tokens: Token[], text: string, raw: string, start: number, end: number): void {
  const previous = tokens[tokens.length - 1];
  const abbreviation =
    raw === '.' &&
    previous !== undefined &&
    previous.kind === 'word' &&
    previous.end === start &&
    (NON_FINAL.has(previous.norm) ||
      /^\p{Lu}$/u.test(text.slice(previous.start, previous.end)) ||
      (/\d$/.test(previous.norm) && /^\d/.test(text.slice(end, end + 1))));
  if (abbreviation) return;
  tokens.push({ norm: raw.trim() === '' ? '\n' : (raw[0] ?? '.'), start, end, kind: 'stop' });
}
