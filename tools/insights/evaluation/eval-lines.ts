import { z } from 'zod';
import { AspectIdSchema, type AspectId } from '../../../src/schemas/catalogue.ts';
import { ReviewLineSchema } from '../cli/review-lines.ts';

const PolaritySchema = z.enum(['positive', 'neutral', 'negative']);
export type Polarity = z.infer<typeof PolaritySchema>;

/** One labelled mention in the corpus format of docs/labelling-guide.md. */
export const LabelledAspectSchema = z.object({
  id: AspectIdSchema,
  polarity: PolaritySchema,
  evidence: z.string().min(1).describe('Verbatim, contiguous substring of the text that carries the opinion'),
});
export type LabelledAspect = z.infer<typeof LabelledAspectSchema>;

/**
 * A labelled evaluation line: a review plus the aspects it discusses, in either
 * of two shapes. The old set (corpus/aspect-eval.jsonl) gives
 * `labels: {aspect: polarity}`; the corpus (corpus/)
 * gives `aspects: [{id, polarity, evidence}]`, at most one per aspect, each
 * evidence a substring of the text. Either way the parsed line has `labels`,
 * and `aspects` when the line had them.
 */
export const EvalLineSchema = ReviewLineSchema.extend({
  labels: z.partialRecord(AspectIdSchema, PolaritySchema).optional(),
  aspects: z.array(LabelledAspectSchema).optional(),
})
  .superRefine((line, ctx) => {
    if ((line.labels === undefined) === (line.aspects === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['aspects'], message: 'give either "labels" or "aspects", not both or neither' });
    }
    const seen = new Set<string>();
    (line.aspects ?? []).forEach((aspect, i) => {
      if (seen.has(aspect.id)) ctx.addIssue({ code: 'custom', path: ['aspects', i, 'id'], message: `"${aspect.id}" labelled twice` });
      seen.add(aspect.id);
      if (!(line.text ?? '').includes(aspect.evidence)) {
        ctx.addIssue({ code: 'custom', path: ['aspects', i, 'evidence'], message: 'not a verbatim substring of the text' });
      }
    });
  })
  .transform(({ labels, ...line }) => ({
    ...line,
    labels: labels ?? (Object.fromEntries((line.aspects ?? []).map((a) => [a.id, a.polarity])) as Partial<Record<AspectId, Polarity>>),
  }));
export type EvalLine = z.infer<typeof EvalLineSchema>;
