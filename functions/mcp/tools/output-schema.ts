import { fromJsonSchema, type jsonSchemaValidator, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * A tool's output schema, from the project's zod schema, through the SDK's
 * public `fromJsonSchema`: the SDK then checks every answer with its own
 * JSON Schema validator (ajv, compiled once per tool), which costs a small
 * part of what walking the answer with zod did (a 20-review answer has 260
 * fields of URLs, dates and ids), and tools/list advertises exactly the
 * schema the answers are checked against. Written portably: a nullable field
 * is `anyOf` of its type and null, not a `type` list, which some clients
 * (the Inspector's --strict) flag.
 */
export function outputSchema<S extends z.ZodType>(schema: S): StandardSchemaWithJSON<z.output<S>, z.output<S>> {
  return fromJsonSchema<z.output<S>>(portable(z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12' })) as never);
}

/**
 * The same advertised schema, with the SDK's check of each answer left out,
 * through its public validator interface (`jsonSchemaValidator`, the second
 * argument of `fromJsonSchema`). Only for tools whose answers are typed by
 * this very schema and made of data the build validated against the same
 * review schema (`/reviews.json` is parsed with ReviewsDatasetSchema when a
 * build loads): checking 20 reviews' 260 fields again on every call was the
 * largest part of a tools/call after the SDK's dispatch (bench/mcp.ts). The
 * tests check these answers against the advertised schema with the official
 * client, which validates every structured answer.
 */
export function checkedOutputSchema<S extends z.ZodType>(schema: S): StandardSchemaWithJSON<z.output<S>, z.output<S>> {
  return fromJsonSchema<z.output<S>>(
    portable(z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12' })) as never,
    BUILT_FROM_SCHEMA,
  );
}

const BUILT_FROM_SCHEMA: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

/** Keywords that describe a value rather than constrain it: they stay beside the `anyOf`. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'id', '$id', '$schema', 'deprecated', 'readOnly']);

function portable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(portable);
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node).map(([key, value]) => [key, key === 'type' ? value : portable(value)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  const { type } = object;
  if (!Array.isArray(type)) return object;
  const outer: Record<string, unknown> = {};
  const inner: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) if (key !== 'type') (ANNOTATIONS.has(key) ? outer : inner)[key] = value;
  const types = type as string[];
  const others = types.filter((t) => t !== 'null');
  const branches: Record<string, unknown>[] = others.map((t) => ({ type: t, ...inner }));
  if (types.includes('null')) branches.push({ type: 'null' });
  return { ...outer, anyOf: branches };
}
