/**
 * A light suffix-stripping stemmer (plural, -ing, -ed, -ly) and a few spelling
 * folds (-ise/-ize, -our/-or): enough for "arrived"/"arriving"/"arrives" and
 * "organised"/"organized" to share a feature; the model learns the rest.
 * British double l after an unstressed "e" ("labelled", "travelled",
 * "cancelling") folds onto the American single l; one-syllable words keep
 * theirs ("spelled", "yelled"), and so do "called", "installed", "filled".
 */
export function stemOf(word: string): string {
  let w = word.replace(/'s$/, '').replace(/'/g, '');
  if (w.length <= 3) return w;
  w = w
    .replace(/isation/, 'ization')
    .replace(/ise(d|s)?$/, 'ize$1')
    .replace(/our$/, 'or')
    .replace(/([^aeiou])ll(ed|ing)$/, '$1l$2')
    .replace(/^(.*[aeiouy][^aeiouy]+e)ll(ed|ing)$/, '$1l$2');
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w) && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length > 4) w = w.slice(0, -2);
  if (w.length > 3 && /([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}
