import { z } from 'zod';
import { NonEmptyTextSchema, SlugSchema } from './common.ts';

/** One technician of the roster (`content/technicians.json`). */
export const TechnicianSchema = z
  .strictObject({
    name: NonEmptyTextSchema.describe('Display name, e.g. "Marcus Reyes"'),
    role: NonEmptyTextSchema.optional(),
    aliases: z.array(NonEmptyTextSchema).default([]).describe('Other names customers use; matched case-insensitively'),
  })
  .meta({ id: 'Technician' });
export type Technician = z.infer<typeof TechnicianSchema>;

/**
 * One person of the office and staff (`office_staff` in `content/business.json`):
 * who answers the phone, schedules, dispatches, bills. Read only by the
 * analyser, which counts a sentence naming one of them as about the office
 * (docs/insights.md, "Whom a complaint concerns, and the office"); not published,
 * so it has no id in the schema registry the OpenAPI document is generated from.
 */
export const OfficeStaffSchema = z.strictObject({
  name: NonEmptyTextSchema.describe('Display name, e.g. "Denise Carter"'),
  role: NonEmptyTextSchema.optional(),
  aliases: z.array(NonEmptyTextSchema).default([]).describe('Other names customers use, e.g. "Dee"'),
});
export type OfficeStaff = z.infer<typeof OfficeStaffSchema>;

/** One service of the catalogue (`content/services.json`). */
export const ServiceFileSchema = z.strictObject({
  id: SlugSchema,
  label: NonEmptyTextSchema,
  synonyms: z.array(NonEmptyTextSchema).default([]),
});
export type ServiceFile = z.infer<typeof ServiceFileSchema>;

/** A service as published in `business.services`. */
export const ServiceSchema = z.object({ id: SlugSchema.describe('Service id'), label: z.string() }).meta({ id: 'Service' });
export type Service = z.infer<typeof ServiceSchema>;

/** One service area (`content/service-areas.json`). */
export const ServiceAreaSchema = z.strictObject({
  name: NonEmptyTextSchema,
  aliases: z.array(NonEmptyTextSchema).default([]),
});
export type ServiceArea = z.infer<typeof ServiceAreaSchema>;

export const ASPECT_IDS = [
  'punctuality',
  'responsiveness',
  'communication',
  'professionalism',
  'workmanship',
  'technical_knowledge',
  'pricing',
  'cleanliness',
  'safety',
] as const;
export const AspectIdSchema = z.enum(ASPECT_IDS).describe('Aspect id from the fixed taxonomy');
export type AspectId = z.infer<typeof AspectIdSchema>;

/** One aspect of the taxonomy (`content/aspects.json`): label and cue words are editable, ids are fixed. */
export const AspectSchema = z.strictObject({
  id: AspectIdSchema,
  label: NonEmptyTextSchema,
  description: NonEmptyTextSchema,
  cues: z.array(NonEmptyTextSchema).min(1),
});
export type Aspect = z.infer<typeof AspectSchema>;
