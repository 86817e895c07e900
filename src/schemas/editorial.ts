import { z } from 'zod';
import { NonEmptyTextSchema, SlugSchema } from './common.ts';
import { AspectIdSchema } from './catalogue.ts';

/** What an editorial FAQ question is about; the insights build grounds the answer in it. */
export const FaqSubjectSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('aspect'), id: AspectIdSchema }),
  z.strictObject({ kind: z.literal('service'), id: SlugSchema }),
  z.strictObject({ kind: z.literal('technician'), id: NonEmptyTextSchema }),
  z.strictObject({ kind: z.literal('complaints') }),
  z.strictObject({ kind: z.literal('problems') }),
  z.strictObject({ kind: z.literal('overall') }),
]);
export type FaqSubject = z.infer<typeof FaqSubjectSchema>;

/** `content/editorial.json`: the owner's FAQ questions and summary text. */
export const EditorialFileSchema = z.strictObject({
  faq: z.array(z.strictObject({ id: SlugSchema, question: NonEmptyTextSchema, about: FaqSubjectSchema })),
  summary: z.strictObject({ intro: NonEmptyTextSchema }),
});
export type EditorialFile = z.infer<typeof EditorialFileSchema>;
