/**
 * Text normalisation shared by mention matching and search, so that a query
 * typed with a different Unicode composition or case still finds the review.
 */
export function normaliseText(text: string): string {
  // ASCII is its own NFKC form: skip the call into ICU, the dearer half.
  return (NON_ASCII.test(text) ? text.normalize('NFKC') : text).toLowerCase();
}

const NON_ASCII = /[^\x00-\x7f]/;

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
