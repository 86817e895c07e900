/**
 * Quotes a reader sees: whole sentences of the review, never a cut phrase
 * (docs/insights.md, "Quotes"). The analyser's evidence spans may be short; a
 * quote shown on a page is the sentence that holds them.
 */

/** A sentence of a review with where it starts in the text. */
export interface Sentence {
  text: string;
  start: number;
}

/** Fewer words than this is a fragment, not a thought ("Window was 8"). */
export const MIN_QUOTE_WORDS = 5;
/** Longer sentences are a paragraph's worth for a summary line; another review says it shorter. */
export const MAX_QUOTE_CHARS = 220;

/**
 * Titles whose full stop does not end a sentence ("Dr. Lee"). An initial
 * ("Chris O. came") needs no entry: a sentence never goes on in lower case,
 * and "Model Y. The installer…" must split.
 */
const ABBREVIATION = /\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Ave|vs|etc|approx)\.$/u;
/** The end of a sentence: terminal punctuation with its closing quotes and brackets. */
const TERMINAL = /[.!?…]+["'”’)\]]*/gu;

/**
 * The review's sentences, verbatim and in order. A sentence ends at terminal
 * punctuation followed by a space and a word that does not start in lower case,
 * or at a line break.
 */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const push = (from: number, to: number): void => {
    const raw = text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) out.push({ text: trimmed, start: from + lead });
  };
  for (const line of linesOf(text)) {
    let from = line.start;
    TERMINAL.lastIndex = 0;
    const body = text.slice(line.start, line.end);
    for (let m = TERMINAL.exec(body); m !== null; m = TERMINAL.exec(body)) {
      const end = m.index + m[0].length;
      const next = body.slice(end).match(/^\s+(\S)/u);
      if (end < body.length && !next) continue;
      if (next && /\p{Ll}/u.test(next[1]!)) continue;
      if (m[0] === '.' && ABBREVIATION.test(body.slice(Math.max(0, m.index - 5), m.index + 1))) continue;
      if (m[0] === '.' && /\d$/.test(body.slice(0, m.index)) && /^\d/.test(body.slice(end))) continue;
      push(from, line.start + end);
      from = line.start + end;
    }
    push(from, line.end);
  }
  return out;
}

function linesOf(text: string): { start: number; end: number }[] {
  const lines: { start: number; end: number }[] = [];
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
    lines.push({ start, end: i });
    start = i + 1;
  }
  lines.push({ start, end: text.length });
  return lines;
}

export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}$][\p{L}\p{N}'’.,$-]*/gu)?.length ?? 0;
}

/** A sentence a reader can be shown on its own: five words or more, and short enough to read at a glance. */
export function isQuotable(sentence: string): boolean {
  return wordCount(sentence) >= MIN_QUOTE_WORDS && sentence.length <= MAX_QUOTE_CHARS;
}

/**
 * Whether `quote` is a whole clause or sentence of `source`: it occurs
 * verbatim, starts where the text or a sentence or clause starts, ends where
 * one ends, and has at least five words. The test every quote a reader sees
 * must pass.
 */
export function isWholeClause(quote: string, source: string): boolean {
  if (wordCount(quote) < MIN_QUOTE_WORDS) return false;
  for (let at = source.indexOf(quote); at !== -1; at = source.indexOf(quote, at + 1)) {
    const before = source.slice(0, at).trimEnd();
    const after = source.slice(at + quote.length);
    const opens = before === '' || /[.!?…;:,\n—–"“(-]["'”’)]*$/u.test(before) || /\n\s*$/.test(source.slice(0, at));
    const closes = /[.!?…;:,—–"”)]$/u.test(quote) || after.trim() === '' || /^\s*(?:[.!?…;:,—–"”)\n]|\s-\s)/u.test(after);
    if (opens && closes) return true;
  }
  return false;
}

/** The sentence of `sentences` that holds the evidence span, if one does. */
export function sentenceHolding(sentences: readonly Sentence[], text: string, evidence: string): Sentence | null {
  const at = text.indexOf(evidence);
  if (at === -1) return null;
  for (const s of sentences) if (at >= s.start && at < s.start + s.text.length) return s;
  return null;
}
