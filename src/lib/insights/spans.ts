/**
 * Evidence may be short, but it is never cut inside a phrase (docs/insights.md,
 * "Evidence"): a time or a range stays whole ("Window was 8–12", not "Window
 * was 8"; "at 7:30 every morning", not "30 every morning"), a quotation keeps
 * both its marks, and a span does not end on a word that needs the next one
 * ("the morning of", "told me the", "even when").
 */

/** Words a span may not end on because they need the next one: it takes the next words ("the morning of the 24th"). */
const NEEDS_NEXT = new Set(
  (
    'a an the of to in on at for with by from into onto about than as my our your their his her its this that these those ' +
    'was were is are be been being had has have do did does not no more less most whose over under around through'
  ).split(' '),
);
/** Of NEEDS_NEXT, the verbs: a clause may end on them, so they take the next words but are never dropped. */
const VERBS = new Set('was were is are be been being had has have do did does'.split(' '));
/** Words a span may not end on because they open what follows: they are dropped ("… even when"). */
const OPENS_NEXT = new Set(
  'and or but so because when while if even very really just which who whom what where how then there until before after since also too quite'.split(
    ' ',
  ),
);
/** Words a span may not start on: they join it to what came before. */
const JOINING = new Set(['and', 'but', 'or', 'so', 'because', 'which', 'who', 'then', 'also', 'even', 'when', 'while']);
/** How many words a span may grow by to finish its phrase. */
const MAX_GROWTH = 6;

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The span [start, end) of `text`, widened or trimmed so no phrase is cut. */
export function wholeSpan(text: string, start: number, end: number): { start: number; end: number } {
  // Times and ranges: "8–12", "7:30", "2:30pm", "$1,100.50".
  while (start > 0 && /\d/.test(text[start] ?? '') && /[\d:.,–-]/.test(text[start - 1]!) && /\d/.test(text[start - 2] ?? '')) {
    start -= 1;
    while (start > 0 && /\d/.test(text[start - 1]!)) start -= 1;
  }
  end = finishNumber(text, end);
  // A last word that needs the next one: take up to MAX_GROWTH more words in the sentence.
  for (let grown = 0; grown < MAX_GROWTH && NEEDS_NEXT.has(lastWord(text, start, end)); grown++) {
    const next = nextWordEnd(text, end);
    if (next === null) break;
    end = finishNumber(text, next);
  }
  // Quotation marks in pairs: take in the mark the span starts or ends inside of.
  const quotes = (text.slice(start, end).match(/["“”]/g) ?? []).length;
  if (quotes % 2 === 1) {
    const before = Math.max(text.lastIndexOf('"', start - 1), text.lastIndexOf('“', start - 1));
    // The closing mark may follow the sentence's stop: 'because of "a parts issue."'.
    const closing = /^[^"”\n.!?]*[.!?,]?["”]/.exec(text.slice(end));
    const opening = Math.max(text.lastIndexOf('"', end - 1), text.lastIndexOf('“', end - 1));
    if (closing) end += closing[0].length;
    else if (before !== -1 && !/[.!?\n]/.test(text.slice(before, start))) start = before;
    else if (opening >= start) end = opening;
  }
  // What is still left hanging is dropped: "… even when", "the window was 8 to 12 and".
  // A verb may end a clause ("what the problem was"): only the others are dropped.
  // A span closing a quotation ends where the quotation does ("about "where electricity comes from,"").
  while (
    !/["”]$/.test(text.slice(start, end)) &&
    ((NEEDS_NEXT.has(lastWord(text, start, end)) && !VERBS.has(lastWord(text, start, end))) || OPENS_NEXT.has(lastWord(text, start, end)))
  ) {
    const trimmed = dropLastWord(text, start, end);
    if (trimmed === null) break;
    end = trimmed;
  }
  while (JOINING.has(firstWord(text, start, end))) {
    const rest = text.slice(start, end).search(/\s\S/);
    if (rest === -1) break;
    start += rest + 1;
  }
  return { start, end };
}

/** The evidence string, as its first occurrence in `text`, widened or trimmed by wholeSpan. */
export function wholeEvidence(text: string, evidence: string): string {
  const at = text.indexOf(evidence);
  if (at === -1) return evidence;
  const span = wholeSpan(text, at, at + evidence.length);
  return text.slice(span.start, span.end).trim();
}

function finishNumber(text: string, end: number): number {
  while (/\d/.test(text[end - 1] ?? '') && /[:.,–-]/.test(text[end] ?? '') && /\d/.test(text[end + 1] ?? '')) {
    end += 1;
    while (/\d/.test(text[end] ?? '')) end += 1;
  }
  // "2:30 pm", "8am"
  const suffix = /^\s?(?:[ap]\.?m\.?)(?![\p{L}])/iu.exec(text.slice(end));
  if (suffix && /\d/.test(text[end - 1] ?? '')) end += suffix[0].length;
  return end;
}

function lastWord(text: string, start: number, end: number): string {
  const words = text.slice(start, end).match(WORD);
  return (words?.[words.length - 1] ?? '').toLowerCase().replace(/’/g, "'");
}

function firstWord(text: string, start: number, end: number): string {
  return (text.slice(start, end).match(WORD)?.[0] ?? '').toLowerCase();
}

/** The end of the next word after `end` in the same sentence, or null at the sentence's end. */
function nextWordEnd(text: string, end: number): number | null {
  WORD.lastIndex = end;
  const m = WORD.exec(text);
  if (m === null) return null;
  if (/[.!?\n]/.test(text.slice(end, m.index))) return null;
  return m.index + m[0].length;
}

/** The span without its last word (and the spaces and marks before it), or null when it is the only word. */
function dropLastWord(text: string, start: number, end: number): number | null {
  const slice = text.slice(start, end);
  const words = [...slice.matchAll(WORD)];
  if (words.length <= 1) return null;
  const previous = words[words.length - 2]!;
  return start + previous.index + previous[0].length;
}
