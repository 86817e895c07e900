/**
 * The longest review text (and owner reply) a file may hold, in characters
 * (Unicode code points). Google caps a review at 4,096 characters and Yelp at
 * 5,000; ten times that leaves room for any real review while keeping a build
 * bounded: the pages, feeds and the analyser all carry or read every text,
 * and an outsized one (a pasted log, a 5 MB file) would otherwise make the
 * build run for as long as its size allows (docs/owner.md).
 */
export const MAX_TEXT_CHARS = 50_000;

/** What is wrong with a text past the limit, or undefined. Counting stops at the limit, so a huge text costs no more than a long one. */
export function textLengthProblem(text: string): string | undefined {
  // A string this short in UTF-16 units cannot hold more code points than that.
  if (text.length <= MAX_TEXT_CHARS) return undefined;
  let count = 0;
  for (const _ of text) {
    count += 1;
    if (count > MAX_TEXT_CHARS) {
      return `is ${Array.from(text).length.toLocaleString('en-US')} characters long; the most a text may have is ${MAX_TEXT_CHARS.toLocaleString('en-US')} (shorten it, or keep the rest elsewhere)`;
    }
  }
  return undefined;
}
