import type { StandardSchemaV1 } from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * `schema` as a tool's output schema, validating the objects of its list
 * `key` once per object rather than once per answer.
 *
 * The SDK validates every tool answer against the tool's output schema. A
 * search answer lists up to 100 reviews, and checking each review's 13 fields
 * (URLs, dates, ULIDs, slugs) was most of a call's cost, for the same few
 * thousand review objects over and over: they come from a per-snapshot cache
 * and are frozen (see review-objects.ts). A frozen object that passed once
 * passes again, so it is remembered (weakly: a new snapshot's objects are new)
 * and skipped; anything else in the answer, and any list item that is not a
 * remembered frozen object, is validated in full on every call. Tools/list
 * advertises `schema` itself: clients see the full output schema.
 */
export function withMemoizedItems<S extends z.ZodObject>(schema: S, key: string & keyof S['shape'], item: z.ZodType): S {
  const passed = new WeakSet<object>();
  // The answer without the list's items: they are checked one by one above it.
  const envelope = schema.extend({ [key]: z.array(z.unknown()) });
  const standard = schema['~standard'];
  const validate = (value: unknown): StandardSchemaV1.Result<unknown> => {
    const list = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    if (Array.isArray(list)) {
      for (let i = 0; i < list.length; i += 1) {
        const element: unknown = list[i];
        if (typeof element === 'object' && element !== null && passed.has(element)) continue;
        const result = item.safeParse(element);
        if (!result.success)
          return { issues: result.error.issues.map((issue) => ({ message: issue.message, path: [key, i, ...issue.path] })) };
        if (typeof element === 'object' && element !== null && Object.isFrozen(element)) passed.add(element);
      }
    }
    const result = envelope.safeParse(value);
    return result.success ? { value } : { issues: result.error.issues };
  };
  // Everything but validation (JSON Schema conversion, vendor, types) stays the zod schema's.
  return new Proxy(schema, {
    get: (target, property, receiver) => (property === '~standard' ? { ...standard, validate } : Reflect.get(target, property, receiver)),
  });
}
