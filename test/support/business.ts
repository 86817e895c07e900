import type { BusinessFile } from '../../src/schemas/business.ts';

/**
 * ULIDs whose order is their number: reviewId(2) sorts after reviewId(1).
 * The fixture business's reviews (test/fixtures/content) have ids 1 to 8.
 */
export const reviewId = (n: number): string => `01JA${String(n).padStart(22, '0')}`;

/** The business of the hand-made datasets: who it is, without catalogue or roster (each test brings its own). */
export const ACME: BusinessFile = {
  id: 'acme',
  name: 'Acme Electric',
  description: 'Electricians',
  url: 'https://acme.example',
  telephone: '+1-555-0100',
  email: 'office@acme.example',
  address: { street_address: '1 Main St', locality: 'Town', region: 'WA', postal_code: '98000', country: 'US' },
  timezone: 'America/Los_Angeles',
  hours: [],
  licences: [],
  office_staff: [],
};
