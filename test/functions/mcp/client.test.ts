import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../functions/process/server.ts';
import { ASPECT_IDS } from '../../../src/schemas/catalogue.ts';
import { GetReviewOutputSchema, GetReviewsSinceOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import { SearchResultSchema } from '../../../src/schemas/search.ts';
import { FIXTURE_DIST } from '../../support/paths.ts';
import { serve } from '../../support/server.ts';
import { reviewId } from '../../support/business.ts';

const SECRET = 'a test secret of at least sixteen characters';
const TOOLS = [
  'get_business',
  'search_reviews',
  'get_review',
  'get_reviews_since',
  'get_aspect_sentiment',
  'get_technician',
  'get_service',
  'get_trend',
  'get_faq',
  'get_insights_summary',
];

let server: RunningServer;
const open: Client[] = [];
beforeAll(async () => {
  server = await serve(FIXTURE_DIST, {}, { mcp: { sessionSecret: SECRET } });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await server.close();
});

/** The official client over Streamable HTTP, offering one protocol version. */
async function connect(
  version: string,
  url = server.url,
  options: { sessionId?: string } = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'vitest', version: '1.0.0' }, { supportedProtocolVersions: [version] });
  const transport = new StreamableHTTPClientTransport(
    new URL(`${url}/mcp`),
    options.sessionId ? { sessionId: options.sessionId, protocolVersion: version } : {},
  );
  await client.connect(transport);
  open.push(client);
  return { client, transport };
}

function text(result: { content?: unknown }): string {
  const [first] = result.content as { type: string; text: string }[];
  expect(first?.type).toBe('text');
  return first?.text ?? '';
}

describe.each(['2025-06-18', '2025-11-25'])('protocol %s', (version) => {
  let client: Client;
  let transport: StreamableHTTPClientTransport;
  beforeAll(async () => ({ client, transport } = await connect(version)));

  it('negotiates the version, gets a signed session id, the server info, icon and instructions', () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(version);
    expect(transport.sessionId).toMatch(new RegExp(`^v1\\.[0-9a-z]+\\.${version}\\.[\\w-]+\\.[\\w-]{43}$`));
    const info = client.getServerVersion();
    expect(info).toMatchObject({ name: 'verified-reviews', title: 'Verified Reviews', version: '1.0.0' });
    expect(info?.icons?.[0]?.mimeType).toBe('image/svg+xml');
    expect(client.getServerCapabilities()).toMatchObject({
      tools: { listChanged: false },
      resources: { listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    });
    expect(client.getInstructions()).toContain('search_reviews');
  });

  it('lists the ten tools, each with a title, schemas and read-only annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    // The definitions the developers page renders are the ones the server registers.
    expect(tools.map(({ name, title, description }) => ({ name, title, description }))).toEqual(
      Object.values(MCP_TOOLS).map(({ name, title, description }) => ({ name, title, description })),
    );
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    }
  });

  it('calls every tool: structuredContent, and the same JSON as text', async () => {
    const calls: Record<string, Record<string, unknown>> = {
      get_business: {},
      search_reviews: { min_rating: 4 },
      get_review: { id: reviewId(3) },
      get_reviews_since: { date: '2025-01-01' },
      get_aspect_sentiment: { aspect: 'punctuality' },
      get_technician: { name: 'annie' },
      get_service: { service: 'EV charger installation' },
      get_trend: { months: 3 },
      get_faq: { id: 'on-time' },
      get_insights_summary: {},
    };
    for (const name of TOOLS) {
      const result = await client.callTool({ name, arguments: calls[name] ?? {} });
      expect(result.isError ?? false, name).toBe(false);
      expect(JSON.parse(text(result)), name).toEqual(result.structuredContent);
    }
  });

  it('answers search_reviews as the HTTP search does, for the same filters', async () => {
    const result = await client.callTool({ name: 'search_reviews', arguments: { min_rating: 3, limit: 2, query: 'the' } });
    const http = await (await fetch(`${server.url}/api/reviews/search?min_rating=3&limit=2&query=the`)).text();
    expect(text(result)).toBe(http);
    expect(SearchResultSchema.parse(result.structuredContent).returned).toBeLessThanOrEqual(2);
  });

  it('answers get_review and get_reviews_since from the published reviews', async () => {
    const review = GetReviewOutputSchema.parse(
      (await client.callTool({ name: 'get_review', arguments: { id: reviewId(3) } })).structuredContent,
    );
    expect(review.review).toMatchObject({ id: reviewId(3), rating: 1 });
    expect(review.analysis.rating).toBe(1);
    const since = GetReviewsSinceOutputSchema.parse(
      (await client.callTool({ name: 'get_reviews_since', arguments: { date: '2024-12-01', limit: 2 } })).structuredContent,
    );
    expect(since).toMatchObject({ since: '2024-12-01', count: 3, returned: 2 });
    expect(since.reviews.map((r) => r.id)).toEqual([reviewId(2), reviewId(1)]);
  });

  describe('a tool that cannot answer says isError and lists the valid choices', () => {
    it.each([
      ['get_technician', { name: 'Zed' }, /"Ana Lima", "Ben Ode" or "Ben Carter"/],
      ['get_technician', { name: 'ben' }, /names 2 technicians: give the full name, "Ben Ode" or "Ben Carter"/],
      ['get_service', { service: 'plumbing' }, /"panel-upgrade", "ev-charger-installation" or "circuit-breaker-repair"/],
      ['get_review', { id: reviewId(5) }, /No published review has the id "01JA0000000000000000000005".*"01JA0000000000000000000002"/],
      ['get_faq', { id: 'nope' }, /"on-time" or "ev-chargers"/],
      [
        'get_aspect_sentiment',
        { aspect: 'speed' },
        new RegExp(
          ASPECT_IDS.map((id) => `"${id}"`)
            .join('\\|')
            .replace(/\\\|/g, '\\|'),
        ),
      ],
      ['search_reviews', { rating: 0 }, /rating: Too small/],
    ])('%s %j', async (name, args, message) => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(message);
    });
  });

  it('answers an unknown tool with JSON-RPC error -32602', async () => {
    await expect(client.callTool({ name: 'delete_reviews', arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  it('lists and reads the resources and the review template', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'http://localhost:4321/reviews.json',
      'http://localhost:4321/insights.json',
      'http://localhost:4321/.well-known/openapi.json',
      'reviews://business',
    ]);
    for (const r of resources) {
      expect(r.title).toBeTruthy();
      const { contents } = await client.readResource({ uri: r.uri });
      expect(contents[0]?.mimeType).toBe('application/json');
      JSON.parse((contents[0] as { text: string }).text);
    }
    const reviews = await client.readResource({ uri: 'http://localhost:4321/reviews.json' });
    expect((reviews.contents[0] as { text: string }).text).toBe(await (await fetch(`${server.url}/reviews.json`)).text());
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ name: 'review', uriTemplate: 'reviews://review/{id}', title: 'One review' }),
      expect.objectContaining({ name: 'reviews-since', uriTemplate: 'reviews://since/{date}', title: 'Reviews since a date' }),
    ]);
    const one = await client.readResource({ uri: `reviews://review/${reviewId(7)}` });
    expect(GetReviewOutputSchema.parse(JSON.parse((one.contents[0] as { text: string }).text)).review.id).toBe(reviewId(7));
    await expect(client.readResource({ uri: `reviews://review/${reviewId(5)}` })).rejects.toThrow(/Resource not found/);
  });

  it('lists the prompts and gets each', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => [p.name, Boolean(p.title)])).toEqual([
      ['summarise_reviews_since', true],
      ['compare_technicians', true],
      ['draft_reply_to_review', true],
    ]);
    const summary = await client.getPrompt({ name: 'summarise_reviews_since', arguments: { since: '2025-01-01', aspect: 'punctuality' } });
    expect(summary.messages[0]?.content).toMatchObject({
      type: 'text',
      text: expect.stringContaining('focusing on the aspect punctuality'),
    });
    expect(summary.messages[1]?.content).toMatchObject({ type: 'resource' });
    const compare = await client.getPrompt({ name: 'compare_technicians', arguments: { first: 'Annie', second: 'Ben Ode' } });
    expect(compare.messages[0]?.content).toMatchObject({ text: expect.stringContaining('"name":"Ana Lima"') });
    const reply = await client.getPrompt({ name: 'draft_reply_to_review', arguments: { review_id: reviewId(3) } });
    expect(reply.description).toMatch(/1-star review/);
    await expect(client.getPrompt({ name: 'compare_technicians', arguments: { first: 'Zed', second: 'Ana Lima' } })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('completes aspect ids, service ids, technician names and review ids: values that start with the text first, then a word that does', async () => {
    const prompt = (name: string, argument: string, value: string) =>
      client.complete({ ref: { type: 'ref/prompt', name }, argument: { name: argument, value } });
    // Not responsiveness or workmanship, which only contain a p.
    expect((await prompt('summarise_reviews_since', 'aspect', 'p')).completion.values).toEqual([
      'punctuality',
      'professionalism',
      'pricing',
    ]);
    expect((await prompt('summarise_reviews_since', 'aspect', 'K')).completion.values).toEqual(['technical_knowledge']);
    // "Ben" starts two names and an alias; "c" starts Carter, a second word, and no value.
    expect((await prompt('compare_technicians', 'first', 'c')).completion.values).toEqual(['Ben Carter']);
    expect((await prompt('compare_technicians', 'first', 'li')).completion.values).toEqual(['Ana Lima']);
    expect((await prompt('summarise_reviews_since', 'service', 'install')).completion.values).toEqual(['ev-charger-installation']);
    expect((await prompt('summarise_reviews_since', 'service', 'ev')).completion.values).toEqual(['ev-charger-installation']);
    expect((await prompt('compare_technicians', 'first', 'be')).completion.values).toEqual(['Ben Ode', 'Benji', 'Ben Carter']);
    // Critical reviews (1–2 stars) first, newest first, then the others.
    expect((await prompt('draft_reply_to_review', 'review_id', '01JA')).completion.values.slice(0, 3)).toEqual([
      reviewId(3),
      reviewId(7),
      reviewId(2),
    ]);
    const template = await client.complete({
      ref: { type: 'ref/resource', uri: 'reviews://review/{id}' },
      argument: { name: 'id', value: reviewId(6).slice(0, 25) },
    });
    // Every id starts so: all of them, in the site's order (newest first), as the search lists them.
    const newestFirst = (await (await fetch(`${server.url}/api/reviews/search?limit=100&fields=id`)).json()) as {
      reviews: { id: string }[];
    };
    expect(template.completion.values).toEqual(newestFirst.reviews.map((r) => r.id));
    const inside = await client.complete({
      ref: { type: 'ref/resource', uri: 'reviews://review/{id}' },
      argument: { name: 'id', value: '0006' },
    });
    expect(inside.completion.values).toEqual([]);
  });

  it('answers ping', async () => {
    await expect(client.ping()).resolves.toEqual({});
  });
});

describe('a session id', () => {
  it('is accepted by another server process with the same secret (a restart)', async () => {
    const { transport } = await connect('2025-11-25');
    const sessionId = transport.sessionId as string;
    const restarted = await serve(FIXTURE_DIST, {}, { mcp: { sessionSecret: SECRET } });
    try {
      // A resumed client skips initialize (and so knows no capabilities): it calls, it does not list.
      const { client } = await connect('2025-11-25', restarted.url, { sessionId });
      await expect(client.ping()).resolves.toEqual({});
      const result = await client.callTool({ name: 'get_business', arguments: {} });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toMatchObject({ business: { id: expect.any(String) } });
    } finally {
      await restarted.close();
    }
  });

  it('is refused (404) by a server with another secret, and the client is told to initialize again', async () => {
    const { transport } = await connect('2025-11-25');
    const other = await serve(FIXTURE_DIST, {}, { mcp: { sessionSecret: 'another secret, also long enough' } });
    try {
      const { client } = await connect('2025-11-25', other.url, { sessionId: transport.sessionId as string });
      await expect(client.callTool({ name: 'get_business', arguments: {} })).rejects.toThrow(/404|Session not found/);
    } finally {
      await other.close();
    }
  });
});
