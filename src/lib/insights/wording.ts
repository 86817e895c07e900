/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "one review", "three reviews", "12 reviews": numbers as numberInWords writes them. */
export function count(n: number, noun: string): string {
  return `${numberInWords(n)} ${n === 1 ? noun : `${noun}s`}`;
}

/** Lower-cases a label's first letter for use mid-sentence, but keeps acronyms: "EV charger installation". */
export function inSentence(label: string): string {
  return /^\p{Lu}\p{Ll}/u.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

export function stars(value: number | null): string {
  return value === null ? 'no rating' : `${value.toFixed(2)} stars`;
}

/** Upper-cases the first letter: the start of a sentence. */
export function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SMALL = ['none', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** `2025-01-17` or `2025-01` → `January 2025`: dates in the summary are words. */
export function monthInWords(date: string): string {
  const [year, month] = date.split('-');
  return `${MONTHS[Number(month) - 1]} ${Number(year)}`;
}

/** Numbers under ten in words, the rest in digits with thousands separators (the house style, as on the pages). */
export function numberInWords(n: number): string {
  return n >= 0 && n < 10 && Number.isInteger(n) ? SMALL[n]! : n.toLocaleString('en-US');
}
