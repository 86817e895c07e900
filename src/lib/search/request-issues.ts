import type { z } from 'zod';
import type { Issue } from '../../schemas/errors.ts';

/**
 * Turns zod issues into the `issues` entries (docs/interface.md, "Read endpoints") with messages a
 * caller can act on ("limit must be at most 100"), naming the parameter.
 */
export function toIssues(error: z.ZodError): Issue[] {
  return error.issues.flatMap((issue): Issue[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => unknownParameter(key, []));
    }
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    return [{ path, code: issue.code, message: describe(String(path.at(-1) ?? 'value'), issue) }];
  });
}

/** How much of an unknown name an issue repeats: its path and message stay small whatever was sent. */
const NAME_SHOWN = 64;

export function unknownParameter(name: string, known: readonly string[]): Issue {
  // A name far longer than any known one is no typo of one: no edit distance to pay for.
  const suggestion = name.length <= NAME_SHOWN ? closest(name, known) : undefined;
  const shown = name.length <= NAME_SHOWN ? name : `${name.slice(0, NAME_SHOWN)}…`;
  return {
    path: [shown],
    code: 'unknown_parameter',
    message: `unknown parameter "${shown}"${suggestion ? `; did you mean "${suggestion}"?` : '.'}${known.length ? ` Known parameters: ${known.join(', ')}` : ''}`,
  };
}

function describe(name: string, issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_big':
      return `${name} must be at most ${String(issue.maximum)}${unit(issue.origin)}${issue.inclusive === false ? ' (exclusive)' : ''}`;
    case 'too_small':
      return `${name} must be at least ${String(issue.minimum)}${unit(issue.origin)}${issue.inclusive === false ? ' (exclusive)' : ''}`;
    case 'invalid_type':
      return issue.expected === 'int' ? `${name} must be a whole number` : `${name} must be ${article(issue.expected)}`;
    case 'invalid_format':
      // A pattern's own message says what the value must be (fields lists the valid names).
      if (issue.format === 'regex') return issue.message;
      return issue.format === 'date'
        ? `${name} must be a real calendar date written YYYY-MM-DD`
        : `${name} must be a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

/** "query must be at most 200" would read as a number: say what is counted. */
function unit(origin: string): string {
  if (origin === 'string') return ' characters';
  if (origin === 'array' || origin === 'set') return ' items';
  return '';
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

/** The known name within edit distance 2, if one stands out. */
function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = editDistance(name.toLowerCase(), candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** Levenshtein distance: insertions, deletions and substitutions of one character each cost 1. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
