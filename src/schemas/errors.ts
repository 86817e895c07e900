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

/** The `error` code of each status the server answers with a JSON error body. */
export const ERROR_CODES = {
  400: 'bad_request',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  417: 'expectation_failed',
  429: 'too_many_requests',
  431: 'request_header_fields_too_large',
  500: 'internal_error',
  503: 'service_unavailable',
} as const;
export type ErrorStatus = keyof typeof ERROR_CODES;

/** Body of 404, 405, 413, 415 and every other non-validation error. */
export const ErrorSchema = z
  .object({
    error: z.enum(Object.values(ERROR_CODES)).describe('Machine-readable kind of error'),
    message: z.string().describe('What is wrong and what to do, for a person'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorSchema>;
