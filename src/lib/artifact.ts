import type { z } from 'zod';

/**
 * Serialises an artifact after checking it against its schema, so a builder
 * can never publish a shape the OpenAPI document does not describe.
 */
export function artifactJson<T extends z.ZodType>(schema: T, value: z.input<T>): string {
  return JSON.stringify(schema.parse(value));
}
