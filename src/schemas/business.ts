import { z } from 'zod';
import { HttpUrlSchema, NonEmptyTextSchema, SlugSchema, TimeZoneSchema } from './common.ts';
import { OfficeStaffSchema, ServiceSchema, TechnicianSchema } from './catalogue.ts';

const DaySchema = z.enum(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
const ClockSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time such as "07:30"');

export const AddressSchema = z
  .strictObject({
    street_address: NonEmptyTextSchema,
    locality: NonEmptyTextSchema,
    region: NonEmptyTextSchema,
    postal_code: NonEmptyTextSchema,
    country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as "US"'),
  })
  .meta({ id: 'Address' });

export const OpeningHoursSchema = z
  .strictObject({ days: z.array(DaySchema).min(1), opens: ClockSchema, closes: ClockSchema })
  .meta({ id: 'OpeningHours' });

export const LicenceSchema = z
  .strictObject({ authority: NonEmptyTextSchema, kind: NonEmptyTextSchema, number: NonEmptyTextSchema })
  .meta({ id: 'Licence' });

/** `content/business.json`: the facts the owner edits. */
export const BusinessFileSchema = z.strictObject({
  id: SlugSchema,
  name: NonEmptyTextSchema,
  description: NonEmptyTextSchema,
  url: HttpUrlSchema,
  telephone: NonEmptyTextSchema,
  email: z.email(),
  address: AddressSchema,
  timezone: TimeZoneSchema,
  hours: z.array(OpeningHoursSchema),
  emergency_service: NonEmptyTextSchema.optional(),
  licences: z.array(LicenceSchema).default([]),
  founded: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  same_as: z.array(HttpUrlSchema).optional().describe("The business's own profiles elsewhere (Google, Yelp, Facebook, ...)"),
  office_staff: z
    .array(OfficeStaffSchema)
    .default([])
    .describe('The office and staff customers may name (not the technicians); read by the analyser, not published'),
});
export type BusinessFile = z.infer<typeof BusinessFileSchema>;

/** `business` in `/reviews.json`: the file's facts plus the catalogue, areas and roster. */
export const BusinessSchema = z
  .object({
    id: SlugSchema,
    name: z.string(),
    description: z.string(),
    url: z.url(),
    telephone: z.string(),
    email: z.string(),
    address: AddressSchema,
    hours: z.array(OpeningHoursSchema),
    emergency_service: z.string().optional(),
    licences: z.array(LicenceSchema),
    founded: z.string().optional(),
    same_as: z.array(z.url()).optional().describe("The business's own profiles elsewhere (Google, Yelp, Facebook, ...)"),
    service_areas: z.array(z.string()).describe('Names of the areas served'),
    services: z.array(ServiceSchema),
    technicians: z.array(TechnicianSchema).describe('The roster; search matches a technician by full name, first name or alias'),
  })
  .meta({ id: 'Business' });
export type Business = z.infer<typeof BusinessSchema>;
