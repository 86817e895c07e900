import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../functions/process/server.ts';
import type { ReviewsDataset } from '../../../src/schemas/reviews-dataset.ts';
import { SAMPLE_DIST } from '../../support/paths.ts';
import { serveWithMcpClient, type ServedWithClient } from '../../support/mcp-client.ts';

/** Errors an assistant can act on, and arguments read as meant, through the official client (docs/mcp.md). */
let served: ServedWithClient;
let server: RunningServer;
let client: Client;
let dataset: ReviewsDataset;
beforeAll(async () => {
  served = await serveWithMcpClient(SAMPLE_DIST);
  ({ server, client } = served);
  dataset = JSON.parse(await readFile(join(SAMPLE_DIST, 'client/reviews.json'), 'utf8')) as ReviewsDataset;
});
afterAll(() => served.close());

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
const text = (result: Awaited<ReturnType<typeof call>>) => (result.content as { type: string; text: string }[])[0]?.text ?? '';
/** The names a message lists after `label`, in its order. */
const listed = (message: string, label: string) =>
  [...((message.split(label)[1] ?? '').split(' (')[0] ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1]);

describe('a search filter naming no technician or service', () => {
  it('is an error listing every valid technician, the closest first', async () => {
    const roster = dataset.business.technicians.map((t) => t.name);
    const bob = await call('search_reviews', { mentions_technician: 'Bob' });
    expect(bob.isError).toBe(true);
    expect(text(bob)).toContain('mentions_technician: no technician is called "Bob"');
    expect([...listed(text(bob), 'closest first:')].sort()).toEqual([...roster].sort());
    // A typo of a first name or an alias puts its technician first.
    for (const [typo, meant] of [
      ['Marcs', 'Marcus Reyes'],
      ['Sofie', 'Sofia Lindqvist'],
      ['tomas ortgea', 'Tomás Ortega'],
    ]) {
      const result = await call('search_reviews', { mentions_technician: typo });
      expect(result.isError).toBe(true);
      expect(listed(text(result), 'closest first:')[0]).toBe(meant);
    }
  });

  it('is an error listing the services, the closest first, for a service', async () => {
    const result = await call('search_reviews', { mentions_service: 'EV charger' });
    expect(result.isError).toBe(true);
    const ids = listed(text(result), 'closest first:');
    expect(ids[0]).toBe('ev-charger-installation');
    expect(new Set(ids)).toEqual(new Set(dataset.business.services.map((s) => s.id)));
    // Both unknown: both said, in one answer.
    const both = await call('search_reviews', { mentions_technician: 'Bob', mentions_service: 'Roofing' });
    expect(text(both)).toMatch(/mentions_technician: [\s\S]*\nmentions_service: /);
  });

  it('still searches for every name the business knows: full, first, alias, shared first name, id, label, any case', async () => {
    for (const args of [
      { mentions_technician: 'marcus reyes' },
      { mentions_technician: 'Marc' },
      { mentions_technician: 'Chris' },
      { mentions_service: 'EV CHARGER INSTALLATION' },
      { mentions_service: 'panel-upgrade' },
    ]) {
      const result = await call('search_reviews', args);
      expect(result.isError ?? false, JSON.stringify(args)).toBe(false);
      expect((result.structuredContent as { matched: number }).matched, JSON.stringify(args)).toBeGreaterThan(0);
    }
  });
});

describe('dates written wrong', () => {
  it('are refused over MCP with the format to write them in', async () => {
    for (const [tool, args] of [
      ['get_reviews_since', { date: '2025-13-01' }],
      ['get_reviews_since', { date: '01/02/2025' }],
      ['search_reviews', { since: '2025-02-30' }],
      ['search_reviews', { until: 'yesterday' }],
    ] as const) {
      const result = await call(tool, args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(text(result), JSON.stringify(args)).toContain('YYYY-MM-DD');
    }
  });

  it('are refused over HTTP with the same format', async () => {
    for (const path of ['/api/reviews/since/2025-13-01', '/api/reviews/since/01-02-2025', '/api/reviews/search?since=2025-02-30']) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { issues: { message: string }[] };
      expect(body.issues.map((i) => i.message).join(' '), path).toContain('YYYY-MM-DD');
    }
  });
});

describe('review ids', () => {
  it('are taken in any case by get_review, the review resource and the reply prompt', async () => {
    const id = dataset.reviews[3]?.id as string;
    const upper = await call('get_review', { id });
    expect(upper.isError ?? false).toBe(false);
    for (const given of [id.toLowerCase(), ` ${id.toLowerCase()} `, id.slice(0, 10) + id.slice(10).toLowerCase()]) {
      const result = await call('get_review', { id: given });
      expect(result.isError ?? false, given).toBe(false);
      expect(result.structuredContent).toEqual(upper.structuredContent);
    }
    const resource = await client.readResource({ uri: `reviews://review/${id.toLowerCase()}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text).review.id).toBe(id);
    const critical = dataset.reviews.find((r) => r.rating <= 2) ?? dataset.reviews[0];
    const prompt = await client.getPrompt({
      name: 'draft_reply_to_review',
      arguments: { review_id: (critical?.id as string).toLowerCase() },
    });
    expect(JSON.stringify(prompt.messages)).toContain(critical?.id as string);
  });

  it('that are no review get an error naming valid ones', async () => {
    const result = await call('get_review', { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(dataset.reviews[0]?.id as string);
  });
});

describe('an empty cursor', () => {
  it('asks for the first page, over MCP as over HTTP', async () => {
    for (const [tool, args, path] of [
      ['search_reviews', { min_rating: 4, limit: 3 }, '/api/reviews/search?min_rating=4&limit=3'],
      ['get_reviews_since', { date: '2024-01-01', limit: 3 }, '/api/reviews/since/2024-01-01?limit=3'],
    ] as const) {
      const first = await call(tool, args);
      const empty = await call(tool, { ...args, cursor: '' });
      expect(empty.isError ?? false).toBe(false);
      expect(empty.structuredContent).toEqual(first.structuredContent);
      const http = (await (await fetch(`${server.url}${path}&cursor=`)).json()) as { reviews: { id: string }[]; next_cursor: string };
      const mcp = first.structuredContent as { reviews: { id: string }[]; next_cursor: string };
      expect(http.reviews.map((r) => r.id)).toEqual(mcp.reviews.map((r) => r.id));
      expect(http.next_cursor).toBe(mcp.next_cursor);
    }
  });
});

describe('answers listing reviews', () => {
  it('match the output schema tools/list advertises, checked here since the server does not check them again', async () => {
    const { tools } = await client.listTools();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    for (const [tool, calls] of [
      ['search_reviews', [{}, { limit: 100 }, { fields: 'id,date,rating,text', limit: 50 }, { query: 'panel', min_rating: 4 }]],
      [
        'get_reviews_since',
        [
          { date: '2020-01-01', limit: 100 },
          { date: '2024-06-01', fields: 'id,owner_reply' },
        ],
      ],
    ] as const) {
      const schema = tools.find((t) => t.name === tool)?.outputSchema;
      expect(schema, tool).toBeDefined();
      const validate = ajv.compile(schema as object);
      for (const args of calls) {
        const result = await call(tool, args);
        expect(result.isError ?? false).toBe(false);
        expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
        // The text block is the same answer, as JSON.
        expect(JSON.parse(text(result))).toEqual(result.structuredContent);
      }
    }
  });
});
