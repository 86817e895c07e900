import type { MentionMatcher } from '../../../src/lib/mentions.ts';

/**
 * Fills `technicians` and `services` from the text when an input (the CLI's
 * JSONL, the benchmark) does not carry them; the site build derives them
 * before the analyser runs, with the same matcher.
 */
export function withDerivedMentions<T extends { text: string | null; technicians?: string[] | undefined; services?: string[] | undefined }>(
  review: T,
  matcher: MentionMatcher,
): T & { technicians: string[]; services: string[] } {
  const text = review.text ?? '';
  return {
    ...review,
    technicians: review.technicians ?? matcher.technicians(text),
    services: review.services ?? matcher.services(text),
  };
}
