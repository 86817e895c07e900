import { z } from 'zod';
import type { Issue } from '../../schemas/errors.ts';
import { SearchQuerySchema, SinceQuerySchema, type SearchQuery, type SinceQuery } from '../../schemas/search.ts';
import { toIssues, unknownParameter } from './request-issues.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Query string → SearchQuery, with every problem collected: repeated and
 * unknown parameters as well as the schema's own checks. An empty value
 * counts as absent.
 */
export function parseSearchParams(params: URLSearchParams): Parsed<SearchQuery> {
  return parseParams(SEARCH_PARAMS, params, 'the search');
}

/** The query string of `GET /api/reviews/since/{date}` (no `?`), by the same rules as the search's. */
export function parseSinceQuery(query: string): Parsed<SinceQuery> {
  if (query === '') return { ok: true, value: {} };
  const count = parameterCount(query);
  if (count > SINCE_PARAMS.max) return { ok: false, issues: [tooManyParameters(count, SINCE_PARAMS, 'since')] };
  return parseParams(SINCE_PARAMS, new URLSearchParams(query), 'since');
}

/** What a query string is read against: the schema, its parameter names, which of them are numbers. */
interface ParamsSpec<T> {
  schema: z.ZodType<T>;
  known: readonly string[];
  numeric: ReadonlySet<string>;
  /** More parameters than this is one issue (see tooManyParameters). */
  max: number;
}

function paramsSpec<T>(schema: z.ZodType<T>, shape: Record<string, z.ZodType>): ParamsSpec<T> {
  const known = Object.keys(shape);
  const numeric = new Set(
    Object.entries(shape)
      .filter(([, field]) => ['number', 'integer'].includes(String(z.toJSONSchema(field, { io: 'input' }).type)))
      .map(([name]) => name),
  );
  return { schema, known, numeric, max: known.length + 8 };
}

const SEARCH_PARAMS = paramsSpec<SearchQuery>(SearchQuerySchema as z.ZodType<SearchQuery>, SearchQuerySchema.shape);
const SINCE_PARAMS = paramsSpec<SinceQuery>(SinceQuerySchema, SinceQuerySchema.shape);

function parseParams<T>(spec: ParamsSpec<T>, params: URLSearchParams, what: string): Parsed<T> {
  if (params.size > spec.max) return { ok: false, issues: [tooManyParameters(params.size, spec, what)] };
  const issues: Issue[] = [];
  const raw: Record<string, unknown> = {};
  const knownSet = new Set(spec.known);
  // name → how often it was given a value; unknown names are reported whatever their value.
  const seen = new Map<string, number>();
  for (const [name, value] of params) {
    const known = knownSet.has(name);
    // Absent, also for counting repetitions: `rating=&rating=4` gives rating once.
    if (known && value === '') continue;
    seen.set(name, (seen.get(name) ?? 0) + 1);
    if (!known) continue;
    const numeric = spec.numeric.has(name);
    const trimmed = numeric ? value.trim() : value;
    raw[name] = numeric && NUMBER_TEXT.test(trimmed) ? Number(trimmed) : value;
  }
  for (const [name, count] of seen) {
    if (!knownSet.has(name)) issues.push(unknownParameter(name, spec.known));
    else if (count > 1) {
      issues.push({ path: [name], code: 'duplicate_parameter', message: `${name} is given ${count} times; give it at most once` });
      delete raw[name];
    }
  }
  const result = spec.schema.safeParse(raw);
  if (!result.success) issues.push(...toIssues(result.error));
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: result.data as T };
}

/**
 * The same as `parseSearchParams(new URLSearchParams(query))`, from the raw
 * query string (no `?`). Most requests are plainly valid: those are read by a
 * direct check derived from the schema's JSON Schema, without building the
 * parameters object or running zod; anything else (unknown or repeated names,
 * a value out of range or written unusually, bad percent-encoding) takes the
 * full path, which reports every issue.
 */
export function parseSearchQuery(query: string): Parsed<SearchQuery> {
  const value = plainlyValid(query);
  if (value) return { ok: true, value };
  const count = parameterCount(query);
  if (count > SEARCH_PARAMS.max) return { ok: false, issues: [tooManyParameters(count, SEARCH_PARAMS, 'the search')] };
  return parseSearchParams(new URLSearchParams(query));
}

/**
 * More parameters than an endpoint has names, plus room for a few typos, is
 * one issue: reporting each would make the error cost more than any search
 * (5,000 unknown names took 70 ms and 927 KB before this cap).
 */
function tooManyParameters(count: number, spec: { known: readonly string[] }, what: string): Issue {
  return {
    path: [],
    code: 'too_many_parameters',
    message: `${count} parameters given; ${what} takes at most ${spec.known.length} (${spec.known.join(', ')}), each once`,
  };
}

/** Non-empty `&`-separated parts, counted without decoding anything: what `URLSearchParams#size` would say. */
function parameterCount(query: string): number {
  let count = 0;
  let start = 0;
  for (;;) {
    const amp = query.indexOf('&', start);
    const end = amp < 0 ? query.length : amp;
    if (end > start) count += 1;
    if (amp < 0) return count;
    start = amp + 1;
  }
}

interface FieldRule {
  /** Position of the field in the schema. */
  index: number;
  name: string;
  type: 'integer' | 'number' | 'string';
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: RegExp;
}

/** Keywords the direct check understands; a field using any other keyword always takes the full path. */
const UNDERSTOOD = new Set(['$schema', 'description', 'type', 'minimum', 'maximum', 'maxLength', 'pattern', 'format', 'default']);
const FIELDS = Object.entries(SearchQuerySchema.shape).map(([name, field]) => ({
  name,
  json: z.toJSONSchema(field, { io: 'input' }) as Record<string, unknown>,
}));
const RULES = new Map<string, FieldRule>();
FIELDS.forEach(({ name, json }, index) => {
  if (!Object.keys(json).every((k) => UNDERSTOOD.has(k)) || !['integer', 'number', 'string'].includes(String(json.type))) return;
  RULES.set(name, {
    index,
    name,
    type: json.type as FieldRule['type'],
    ...(typeof json.minimum === 'number' ? { minimum: json.minimum } : {}),
    ...(typeof json.maximum === 'number' ? { maximum: json.maximum } : {}),
    ...(typeof json.maxLength === 'number' ? { maxLength: json.maxLength } : {}),
    ...(typeof json.pattern === 'string' ? { pattern: new RegExp(json.pattern) } : {}),
  });
});
const NAMES = FIELDS.map((f) => f.name);
const DEFAULTS = FIELDS.map((f) => f.json.default);
const SINCE = NAMES.indexOf('since');
const UNTIL = NAMES.indexOf('until');

function plainlyValid(query: string): SearchQuery | undefined {
  // By field position, so the answer object is built once, in schema order.
  const values: unknown[] = [];
  for (let f = 0; f < NAMES.length; f += 1) values.push(undefined);
  for (let i = 0; i <= query.length;) {
    let amp = query.indexOf('&', i);
    if (amp < 0) amp = query.length;
    if (amp > i) {
      const eq = query.indexOf('=', i);
      const hasValue = eq >= 0 && eq < amp;
      const name = decode(query.slice(i, hasValue ? eq : amp));
      const text = hasValue ? decode(query.slice(eq + 1, amp)) : '';
      const rule = name === undefined ? undefined : RULES.get(name);
      if (text === undefined || !rule) return undefined;
      if (text !== '') {
        if (values[rule.index] !== undefined) return undefined;
        const value = readValue(rule, text);
        if (value === undefined) return undefined;
        values[rule.index] = value;
      }
    }
    i = amp + 1;
  }
  // The schema's one rule across fields (see SearchQuerySchema's refine).
  const since = values[SINCE];
  const until = values[UNTIL];
  if (typeof since === 'string' && typeof until === 'string' && since > until) return undefined;
  const out: Record<string, unknown> = { ...SHAPE };
  for (let f = 0; f < NAMES.length; f += 1) {
    const value = values[f] ?? DEFAULTS[f];
    if (value !== undefined) out[NAMES[f] as string] = value;
  }
  return out as SearchQuery;
}

/**
 * Every field, absent ones as undefined (which every reader treats as
 * absent): answers copied from it share one object layout whatever
 * parameters were given, so the search reads their fields at one known
 * offset instead of looking each up among dozens of layouts.
 */
const SHAPE: Readonly<Record<string, undefined>> = Object.fromEntries(NAMES.map((name) => [name, undefined]));

function readValue(rule: FieldRule, text: string): string | number | undefined {
  if (rule.type === 'string') {
    if (rule.maxLength !== undefined && text.length > rule.maxLength) return undefined;
    if (rule.pattern && !rule.pattern.test(text)) return undefined;
    return text;
  }
  if (!isPlainNumber(text)) return undefined;
  const value = Number(text);
  if (rule.type === 'integer' && !Number.isInteger(value)) return undefined;
  if ((rule.minimum !== undefined && value < rule.minimum) || (rule.maximum !== undefined && value > rule.maximum)) return undefined;
  return value;
}

/** application/x-www-form-urlencoded decoding; undefined where it is not plain UTF-8 (the full path then decides). */
function decode(text: string): string | undefined {
  if (!isEncoded(text)) return text;
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

// Character loops, not regular expressions: these run on every parameter of every request, where
// a regular expression costs a call into its own compiled code, cold on every request.
function isEncoded(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x25 || c === 0x2b) return true; // % +
  }
  return false;
}

/** Digits with an optional fraction (`4`, `3.5`): the only number spelling the direct check reads. */
function isPlainNumber(text: string): boolean {
  let i = 0;
  while (i < text.length && isDigit(text.charCodeAt(i))) i += 1;
  if (i === 0) return false;
  if (i === text.length) return true;
  if (text.charCodeAt(i) !== 0x2e || i + 1 === text.length) return false; // .
  for (i += 1; i < text.length; i += 1) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
