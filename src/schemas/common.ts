import { z } from 'zod';
import { calendarDateProblem, isTimeZone } from '../lib/content/dates.ts';

/** A real calendar date, `YYYY-MM-DD` (zod's ISO date rejects 2026-02-30). */
export const IsoDateSchema = z.iso
  .date({ error: 'must be a real calendar date written YYYY-MM-DD (e.g. 2026-03-15)' })
  .describe('Calendar date, YYYY-MM-DD');
export type IsoDate = z.infer<typeof IsoDateSchema>;

/**
 * A date in a content file, taken exactly as written: the content loaders
 * parse YAML without timestamp conversion, so `2026-11-31` arrives as text and
 * is refused here instead of rolling over to December 1st.
 */
export const ContentDateSchema = z
  .string({ error: (issue) => (issue.input === undefined ? undefined : 'must be a date written YYYY-MM-DD (e.g. 2026-03-15)') })
  .superRefine((text, ctx) => {
    const problem = calendarDateProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const UlidSchema = z
  .string()
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a ULID: 26 characters of Crockford base32, upper case')
  .describe('ULID, stable forever');

export const SlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug such as "ev-charger-installation"');

export const HttpUrlSchema = z.url({ protocol: /^https?$/ });

export const NonEmptyTextSchema = z.string().trim().min(1);

export const TimeZoneSchema = z
  .string()
  .refine(isTimeZone, 'must be an IANA time zone name such as "America/Los_Angeles"')
  .describe('IANA time zone of the business: turns imported timestamps into dates and decides "today"');
