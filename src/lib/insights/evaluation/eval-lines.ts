import { z } from 'zod';
import { AspectIdSchema } from '../../../schemas/catalogue.ts';
import { ReviewLineSchema } from '../cli/review-lines.ts';

/** A labelled evaluation line: a review plus the expected polarity of each aspect it discusses. */
export const EvalLineSchema = ReviewLineSchema.extend({
  labels: z.partialRecord(AspectIdSchema, z.enum(['positive', 'neutral', 'negative'])),
});
export type EvalLine = z.infer<typeof EvalLineSchema>;
