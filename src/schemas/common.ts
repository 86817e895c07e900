import { z } from 'zod';

/** A real calendar date, `YYYY-MM-DD` (zod's ISO date rejects 2026-02-30). */
export const IsoDateSchema = z.iso.date().describe('Calendar date, YYYY-MM-DD');
export type IsoDate = z.infer<typeof IsoDateSchema>;

/**
 * YAML turns an unquoted `2024-03-15` into a Date; accept both spellings in
 * content files and always store the plain string.
 */
export const ContentDateSchema = z.preprocess(
  (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value),
  IsoDateSchema,
);

export const UlidSchema = z
  .string()
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a ULID: 26 characters of Crockford base32, upper case')
  .describe('ULID, stable forever');

export const SlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug such as "ev-charger-installation"');

export const HttpUrlSchema = z.url({ protocol: /^https?$/ });

export const NonEmptyTextSchema = z.string().trim().min(1);
