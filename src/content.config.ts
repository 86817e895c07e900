import { defineCollection } from 'astro:content';
import buildConfig from 'virtual:build-config';
import { z } from 'zod';
import { jsonFileLoader } from './content/json-file-loader.ts';
import { reviewFilesLoader } from './content/review-files-loader.ts';
import { BusinessFileSchema } from './schemas/business.ts';
import { AspectSchema, ServiceAreaSchema, ServiceFileSchema, TechnicianSchema } from './schemas/catalogue.ts';
import { EditorialFileSchema } from './schemas/editorial.ts';
import { ReviewFileSchema } from './schemas/review.ts';

const { contentDir } = buildConfig;
const at = (name: string) => `${contentDir}/${name}`;

/** A single-object file becomes a one-entry collection. */
const single = (id: string) => (data: object) => [{ id, data: { ...data } }];
/**
 * A list file becomes one entry per item, keyed by position: the file's order
 * is kept (the store sorts by id) and two items with one name both reach the
 * build's duplicate check instead of silently overwriting each other.
 */
const listEntries = (list: object[]) => list.map((item, i) => ({ id: String(i).padStart(5, '0'), data: { ...item } }));

export const collections = {
  reviews: defineCollection({
    loader: reviewFilesLoader(at('reviews')),
    schema: ReviewFileSchema,
  }),
  business: defineCollection({
    loader: jsonFileLoader({ path: at('business.json'), schema: BusinessFileSchema, entries: single('business') }),
    schema: BusinessFileSchema,
  }),
  editorial: defineCollection({
    loader: jsonFileLoader({ path: at('editorial.json'), schema: EditorialFileSchema, entries: single('editorial') }),
    schema: EditorialFileSchema,
  }),
  technicians: defineCollection({
    loader: jsonFileLoader({
      path: at('technicians.json'),
      schema: z.array(TechnicianSchema),
      entries: listEntries,
    }),
    schema: TechnicianSchema,
  }),
  services: defineCollection({
    loader: jsonFileLoader({
      path: at('services.json'),
      schema: z.array(ServiceFileSchema),
      entries: listEntries,
    }),
    schema: ServiceFileSchema,
  }),
  serviceAreas: defineCollection({
    loader: jsonFileLoader({
      path: at('service-areas.json'),
      schema: z.array(ServiceAreaSchema),
      entries: listEntries,
    }),
    schema: ServiceAreaSchema,
  }),
  aspects: defineCollection({
    loader: jsonFileLoader({
      path: at('aspects.json'),
      schema: z.array(AspectSchema),
      entries: listEntries,
    }),
    schema: AspectSchema,
  }),
};
