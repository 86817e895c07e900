import { z } from 'zod';
import type { Issue } from '../schemas/errors.ts';
import { SearchQuerySchema, type SearchQuery } from '../schemas/search.ts';
import { toIssues, unknownParameter } from './request-issues.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

const KNOWN = Object.keys(SearchQuerySchema.shape);
const KNOWN_SET = new Set(KNOWN);
/** Parameters whose schema is numeric: a query string only has text, so these are read as numbers first. */
const NUMERIC = new Set(
  Object.entries(SearchQuerySchema.shape)
    .filter(([, field]) => ['number', 'integer'].includes(String(z.toJSONSchema(field, { io: 'input' }).type)))
    .map(([name]) => name),
);
const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Query string → SearchQuery, with every problem collected: repeated and
 * unknown parameters as well as the schema's own checks. An empty value
 * counts as absent.
 */
export function parseSearchParams(params: URLSearchParams): Parsed<SearchQuery> {
  const issues: Issue[] = [];
  const raw: Record<string, unknown> = {};
  // name → how often it was given a value; unknown names are reported whatever their value.
  const seen = new Map<string, number>();
  for (const [name, value] of params) {
    const known = KNOWN_SET.has(name);
    // Absent, also for counting repetitions: `rating=&rating=4` gives rating once.
    if (known && value === '') continue;
    seen.set(name, (seen.get(name) ?? 0) + 1);
    if (!known) continue;
    const trimmed = NUMERIC.has(name) ? value.trim() : value;
    raw[name] = NUMERIC.has(name) && NUMBER_TEXT.test(trimmed) ? Number(trimmed) : value;
  }
  for (const [name, count] of seen) {
    if (!KNOWN_SET.has(name)) issues.push(unknownParameter(name, KNOWN));
    else if (count > 1) {
      issues.push({ path: [name], code: 'duplicate_parameter', message: `${name} is given ${count} times; give it at most once` });
      delete raw[name];
    }
  }
  const result = SearchQuerySchema.safeParse(raw);
  if (!result.success) issues.push(...toIssues(result.error));
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: result.data as SearchQuery };
}
