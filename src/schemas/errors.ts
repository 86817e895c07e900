import { z } from 'zod';

export const IssueSchema = z
  .object({
    path: z.array(z.union([z.string(), z.number()])).describe('Where the problem is, e.g. ["limit"]'),
    code: z.string().describe('Machine-readable kind, e.g. too_big, invalid_type, unknown_parameter'),
    message: z.string().describe('What is wrong, for a person'),
  })
  .meta({ id: 'Issue' });
export type Issue = z.infer<typeof IssueSchema>;

/** Body of every 400 of the read endpoints. */
export const ValidationErrorSchema = z
  .object({
    error: z.literal('invalid_request'),
    issues: z.array(IssueSchema).min(1),
  })
  .meta({ id: 'ValidationError' });
export type ValidationError = z.infer<typeof ValidationErrorSchema>;

/** Body of 404, 405 and other non-validation errors. */
export const ErrorSchema = z
  .object({
    error: z.enum(['bad_request', 'not_found', 'method_not_allowed', 'internal_error']),
    message: z.string(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorSchema>;
