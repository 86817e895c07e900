import type { Review } from '../../src/schemas/review.ts';

/** A published review for tests and benches: the fields that matter given, the rest neutral. */
export function makeReview(fields: Pick<Review, 'id' | 'author' | 'rating' | 'date' | 'text'> & Partial<Review>): Review {
  return {
    author_avatar_url: null,
    source: 'google',
    source_url: null,
    owner_reply: null,
    verified: true,
    technicians: [],
    services: [],
    service_area: null,
    ...fields,
  };
}
