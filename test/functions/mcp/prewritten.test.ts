import { join } from 'node:path';
import type { JSONRPCRequest } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArtifactsHolder } from '../../../functions/builds/artifacts.ts';
import { WrittenResults } from '../../../functions/mcp/prewritten.ts';
import { SharedTransport } from '../../../functions/mcp/sdk-workarounds.ts';
import { createMcpServer } from '../../../functions/mcp/server-factory.ts';
import { initializeRequest } from '../../support/mcp-http.ts';
import { SAMPLE_DIST } from '../../support/paths.ts';

/** Tool results written once by the tool (functions/mcp/prewritten.ts): the same JSON as the whole result serialised. */
class CountingResults extends WrittenResults {
  taken = 0;
  override take(result: unknown): string | undefined {
    const json = super.take(result);
    if (json !== undefined) this.taken += 1;
    return json;
  }
}
const written = new CountingResults();
const transport = new SharedTransport(written);
const artifacts = await ArtifactsHolder.open(join(SAMPLE_DIST, 'client'));
const server = createMcpServer({ artifacts, site: 'https://example.test', written });
beforeAll(async () => {
  await server.connect(transport);
  await transport.exchange(initializeRequest() as JSONRPCRequest);
});
afterAll(() => server.close());

let id = 10;
const call = (name: string, args: Record<string, unknown>) =>
  transport.exchange({ jsonrpc: '2.0', id: (id += 1), method: 'tools/call', params: { name, arguments: args } });

describe('a tool result written once', () => {
  it('is sent as the JSON of the whole result, for every tool, the listing ones with and without fields', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['get_business', {}],
      ['search_reviews', { min_rating: 4 }],
      ['search_reviews', { limit: 3, fields: 'id,date,text' }],
      ['search_reviews', { query: 'the', limit: 50 }],
      ['get_reviews_since', { date: '2025-01-01' }],
      ['get_reviews_since', { date: '2020-01-01', limit: 2, fields: 'id,rating' }],
      ['get_aspect_sentiment', { aspect: 'punctuality' }],
      ['get_trend', { months: 3 }],
      ['get_insights_summary', {}],
    ];
    for (const [name, args] of calls) {
      const taken = written.taken;
      const { response, json } = await call(name, args);
      expect('result' in response && response.result.isError, name).toBeFalsy();
      expect(written.taken, `${name} was written once`).toBe(taken + 1);
      // Byte for byte what serialising the SDK's answer object gives: the text escaped, structuredContent as its JSON.
      expect(json, name).toBe(JSON.stringify(response));
    }
  });

  it('is not used for a result that is not the one written, or changed', () => {
    const results = new WrittenResults();
    const result = results.result('{"a":1}', { a: 1 });
    expect(results.take({ ...result, isError: false })).toBeUndefined();
    // Taken once: a second answer with the same text is serialised whole.
    const again = results.result('{"a":1}', { a: 1 });
    expect(results.take(structuredClone(again))).toBe('{"content":[{"type":"text","text":"{\\"a\\":1}"}],"structuredContent":{"a":1}}');
    expect(results.take(again)).toBeUndefined();
    const changed = results.result('{"a":1}', { a: 1 });
    expect(results.take({ ...changed, structuredContent: { a: 2 } })).toBeUndefined();
    const meta = results.result('{"b":[]}', { b: [] });
    expect(results.take({ ...meta, content: [{ ...meta.content[0], _meta: {} }] })).toBeUndefined();
  });
});
