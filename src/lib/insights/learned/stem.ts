/**
 * A light suffix-stripping stemmer (plural, -ing, -ed, -ly) and a few spelling
 * folds: enough for "arrived"/"arriving"/"arrives" and "labelled"/"labeled" to
 * share a feature; the model learns the rest.
 */
export function stemOf(word: string): string {
  let w = word.replace(/'s$/, '').replace(/'/g, '');
  if (w.length <= 3) return w;
  w = w.replace(/isation/, 'ization').replace(/ise(d|s)?$/, 'ize$1').replace(/our$/, 'or').replace(/([^aeiou])ll(ed|ing)$/, '$1l$2');
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
