import { fromJsonSchema, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
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
