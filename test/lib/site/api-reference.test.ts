import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../src/lib/openapi.ts';
import { apiOperations, toolArguments, typeSummary } from '../../../src/lib/site/api-reference.ts';
import { MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';

describe('apiOperations', () => {
  const doc = buildOpenApiDocument({ base: 'https://r.example', businessName: 'Acme' });
  const ops = apiOperations(doc);

  it('has one entry per operation of the document', () => {
    const expected = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual(expected);
  });

  it('resolves shared parameters and responses to their descriptions', () => {
    const search = ops.find((o) => o.path === '/api/reviews/search')!;
    expect(search.parameters.find((p) => p.name === 'rating')).toMatchObject({
      location: 'query',
      required: false,
      type: 'integer, 1 to 5',
    });
    expect(search.responses.find((r) => r.status === '400')?.description).toMatch(/Invalid parameters/);
    const since = ops.find((o) => o.path === '/api/reviews/since/{date}')!;
    expect(since.parameters.map((p) => p.name)).toEqual(['date', 'limit', 'cursor', 'fields', 'If-None-Match', 'If-Modified-Since']);
    expect(since.parameters[0]!.required).toBe(true);
    expect(ops.find((o) => o.method === 'POST' && o.path === '/api/websub/hub')?.body).toEqual(['application/x-www-form-urlencoded']);
  });
});

describe('toolArguments', () => {
  it("reads a tool's arguments from the schema the server validates them with", () => {
    expect(toolArguments(MCP_TOOLS.get_review.inputSchema)).toEqual([
      { name: 'id', type: expect.stringMatching(/^string/), required: true, description: 'Review id (a ULID; any case)' },
    ]);
    expect(toolArguments(MCP_TOOLS.get_business.inputSchema)).toEqual([]);
    expect(toolArguments(MCP_TOOLS.get_trend.inputSchema)[0]).toMatchObject({ name: 'months', required: false, type: 'integer, 1 to 120' });
  });

  it('summarises enums and unions', () => {
    expect(typeSummary({ enum: ['a', 'b'] })).toBe('one of: a, b');
    expect(typeSummary({ anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] })).toBe('string (date) or null');
  });
});
