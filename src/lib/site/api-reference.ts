import { z } from 'zod';

/**
 * The developers page's view of the OpenAPI document and of the MCP tools' input schemas: plain
 * rows to render. Reads the same document `/.well-known/openapi.json` serves and the same zod
 * schemas the server validates arguments with, so the page cannot drift from either.
 */
type Json = Record<string, unknown>;

export interface ApiParameter {
  name: string;
  location: string;
  required: boolean;
  type: string;
  description: string;
}

export interface ApiOperation {
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ApiParameter[];
  /** Media types of the request body, if it takes one. */
  body: string[];
  responses: { status: string; description: string }[];
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

const asObject = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const asString = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Follows a local `$ref` (`#/components/...`) once; anything else is returned as it is. */
function resolve(doc: Json, value: unknown): Json {
  const ref = asString(asObject(value).$ref);
  if (!ref.startsWith('#/')) return asObject(value);
  return ref
    .slice(2)
    .split('/')
    .reduce<Json>((node, key) => asObject(node[key]), doc);
}

export function apiOperations(doc: Json): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(asObject(doc.paths))) {
    // In the document's order: the reader sees each path's main operation first.
    for (const [method, value] of Object.entries(asObject(item))) {
      if (!METHODS.has(method)) continue;
      const op = asObject(value);
      const parameters = (Array.isArray(op.parameters) ? op.parameters : []).map((p) => {
        const param = resolve(doc, p);
        return {
          name: asString(param.name),
          location: asString(param.in),
          required: param.required === true,
          type: typeSummary(asObject(param.schema)),
          description: asString(param.description),
        };
      });
      operations.push({
        method: method.toUpperCase(),
        path,
        summary: asString(op.summary),
        description: asString(op.description),
        parameters,
        body: Object.keys(asObject(asObject(op.requestBody).content)),
        responses: Object.entries(asObject(op.responses)).map(([status, r]) => ({
          status,
          description: asString(resolve(doc, r).description),
        })),
      });
    }
  }
  return operations;
}

export interface ToolArgument {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** A tool's arguments as its clients see them: the JSON Schema of its input, as tools/list sends it. */
export function toolArguments(schema: z.ZodType): ToolArgument[] {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;
  const required = new Set(Array.isArray(json.required) ? (json.required as string[]) : []);
  return Object.entries(asObject(json.properties)).map(([name, s]) => ({
    name,
    type: typeSummary(asObject(s)),
    required: required.has(name),
    description: asString(asObject(s).description),
  }));
}

/** A JSON Schema in a few words: `integer, 1 to 5`, `one of: a, b`, `string (date)`. */
export function typeSummary(schema: Json): string {
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map(String).join(', ')}`;
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((s) => typeSummary(asObject(s))).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : asString(schema.type) || 'any';
  const range =
    typeof schema.minimum === 'number' && typeof schema.maximum === 'number'
      ? `, ${schema.minimum} to ${schema.maximum}`
      : typeof schema.minimum === 'number'
        ? `, at least ${schema.minimum}`
        : typeof schema.maximum === 'number'
          ? `, at most ${schema.maximum}`
          : '';
  const format = asString(schema.format);
  return `${type}${format ? ` (${format})` : ''}${range}`;
}
