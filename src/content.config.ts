import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'zod';
import { readBuildConfig } from './config.ts';
import { jsonFileLoader } from './content/json-file-loader.ts';
import { BusinessFileSchema } from './schemas/business.ts';
import { AspectSchema, ServiceAreaSchema, ServiceFileSchema, TechnicianSchema } from './schemas/catalogue.ts';
import { EditorialFileSchema } from './schemas/editorial.ts';
import { ReviewFileSchema } from './schemas/review.ts';

const { contentDir } = readBuildConfig(process.env);
const at = (name: string) => `${contentDir}/${name}`;

/** A single-object file becomes a one-entry collection. */
const single = (id: string) => (data: object) => [{ id, data: { ...data } }];

export const collections = {
  reviews: defineCollection({
    loader: glob({ pattern: '**/*.md', base: at('reviews'), retainBody: true }),
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
      entries: (list) => list.map((t) => ({ id: t.name, data: { ...t } })),
    }),
    schema: TechnicianSchema,
  }),
  services: defineCollection({
    loader: jsonFileLoader({
      path: at('services.json'),
      schema: z.array(ServiceFileSchema),
      entries: (list) => list.map((s) => ({ id: s.id, data: { ...s } })),
    }),
    schema: ServiceFileSchema,
  }),
  serviceAreas: defineCollection({
    loader: jsonFileLoader({
      path: at('service-areas.json'),
      schema: z.array(ServiceAreaSchema),
      entries: (list) => list.map((a) => ({ id: a.name, data: { ...a } })),
    }),
    schema: ServiceAreaSchema,
  }),
  aspects: defineCollection({
    loader: jsonFileLoader({
      path: at('aspects.json'),
      schema: z.array(AspectSchema),
      entries: (list) => list.map((a) => ({ id: a.id, data: { ...a } })),
    }),
    schema: AspectSchema,
  }),
};
