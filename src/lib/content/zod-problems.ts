import type { z } from 'zod';
import type { ContentProblem } from '../content-error.ts';

/**
 * zod's issues as content problems: one per field, in words an owner can act
 * on ("is missing" rather than "expected string, received undefined").
 */
export function zodProblems(file: string, error: z.ZodError, prefix: string[] = []): ContentProblem[] {
  return error.issues.flatMap((issue): ContentProblem[] => {
    const path = [...prefix, ...issue.path.map(String)];
    const field = path.join('.') || '(file)';
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        file,
        field: [...path, key].join('.'),
        message: 'is not a field this file may have (misspelt? remove or rename it)',
      }));
    }
    if (issue.code === 'invalid_type' && issue.input === undefined) {
      return [{ file, field, message: `is missing (required, ${expected(issue.expected)})` }];
    }
    return [{ file, field, message: issue.message }];
  });
}

function expected(type: string): string {
  return type === 'string' ? 'a text' : type === 'number' ? 'a number' : type === 'boolean' ? 'true or false' : `a ${type}`;
}
