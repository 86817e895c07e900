/**
 * Text normalisation shared by mention matching and search, so that a query
 * typed with a different Unicode composition or case still finds the review.
 */
export function normaliseText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
