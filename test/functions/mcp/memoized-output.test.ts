import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withMemoizedItems } from '../../../functions/mcp/memoized-output.ts';

const Item = z.object({ id: z.string().regex(/^[A-Z]+$/), n: z.int() });
const Answer = z.object({ count: z.int().min(0), items: z.array(Item) });
const schema = withMemoizedItems(Answer, 'items', Item);
const validate = (value: unknown) =>
  schema['~standard'].validate(value) as { value?: unknown; issues?: { message: string; path?: unknown[] }[] };

describe('an output schema that remembers the frozen items that passed it', () => {
  it('validates the answer and every item the first time', () => {
    const good = Object.freeze({ id: 'A', n: 1 });
    expect(validate({ count: 1, items: [good] }).issues).toBeUndefined();
    expect(validate({ count: 1, items: [{ id: 'a', n: 1 }] }).issues?.[0]?.path).toEqual(['items', 0, 'id']);
    expect(validate({ count: -1, items: [good] }).issues?.[0]?.path).toEqual(['count']);
    expect(validate({ count: 1, items: 'nope' }).issues).toBeDefined();
  });

  it('checks a mutable item on every call, so a change after a pass is caught', () => {
    const item = { id: 'B', n: 2 };
    expect(validate({ count: 1, items: [item] }).issues).toBeUndefined();
    item.n = 2.5;
    expect(validate({ count: 1, items: [item] }).issues?.[0]?.path).toEqual(['items', 0, 'n']);
  });

  it('keeps the zod schema for JSON Schema and everything else', () => {
    expect(schema['~standard'].jsonSchema.output({ target: 'draft-2020-12' })).toEqual(
      Answer['~standard'].jsonSchema.output({ target: 'draft-2020-12' }),
    );
    expect(schema.shape).toBe(Answer.shape);
  });
});
