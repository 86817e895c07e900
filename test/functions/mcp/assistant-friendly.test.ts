import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../functions/process/server.ts';
import type { Insights } from '../../../src/schemas/insights.ts';
import { GetTrendOutputSchema } from '../../../src/schemas/mcp-tools.ts';
import { SAMPLE_DIST } from '../../support/paths.ts';
import { serve } from '../../support/server.ts';

/** What an assistant sends and reads, through the official client, on the sample business. */
let server: RunningServer;
let client: Client;
let insights: Insights;
beforeAll(async () => {
  server = await serve(SAMPLE_DIST, {}, { mcp: {} });
  insights = JSON.parse(await readFile(join(SAMPLE_DIST, 'client/insights.json'), 'utf8')) as Insights;
  client = new Client({ name: 'vitest', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

describe('forgiving arguments', () => {
  it('reads numbers sent as strings as the numbers they are, and still refuses what is not one', async () => {
    const asStrings = await call('search_reviews', { rating: '5', min_rating: '4.5', limit: '3' });
    const asNumbers = await call('search_reviews', { rating: 5, min_rating: 4.5, limit: 3 });
    expect(asStrings.isError ?? false).toBe(false);
    expect(asStrings.structuredContent).toEqual(asNumbers.structuredContent);
    expect((await call('get_reviews_since', { date: '2025-01-01', limit: '2' })).structuredContent).toMatchObject({ returned: 2 });
    expect((await call('get_trend', { months: '6' })).structuredContent).toMatchObject({ monthly: expect.any(Array) });
    for (const bad of [{ rating: 'five' }, { rating: '6' }, { limit: '1e9' }])
      expect((await call('search_reviews', bad)).isError).toBe(true);
  });

  it('takes an aspect id in any case', async () => {
    const lower = await call('get_aspect_sentiment', { aspect: 'pricing' });
    for (const aspect of ['Pricing', 'PRICING', ' pricing '])
      expect((await call('get_aspect_sentiment', { aspect })).structuredContent).toEqual(lower.structuredContent);
    expect((await call('get_aspect_sentiment', { aspect: 'Prices' })).isError).toBe(true);
  });
});

describe('answers', () => {
  it('gives each aspect its phrases with polarity and counts, as /insights.json does', async () => {
    const { structuredContent } = await call('get_aspect_sentiment', { aspect: 'pricing' });
    const [aspect] = (structuredContent as { aspects: Insights['aspects'] }).aspects;
    expect(aspect?.phrases).toEqual(insights.aspects.find((a) => a.id === 'pricing')?.phrases);
    expect(aspect?.phrases.some((p) => p.polarity === 'positive')).toBe(true);
    expect(aspect?.phrases.some((p) => p.polarity === 'negative')).toBe(true);
    for (const p of aspect?.phrases ?? []) expect(p.count).toBeGreaterThan(0);
  });

  it('decides get_trend over the window asked for, and says how', async () => {
    const trend = async (months: number) => GetTrendOutputSchema.parse((await call('get_trend', { months })).structuredContent);
    // The default window (12) is the build's own verdict: 6 months against 6.
    expect((await trend(12)).trend).toEqual(insights.temporal.trend);
    const two = await trend(24);
    expect(two.monthly).toHaveLength(24);
    expect(two.trend.basis).toMatch(/^Latest 12 months of reviews against the 12 months before them/);
    expect(two.trend.recent?.to).toBe(insights.temporal.monthly.at(-1)?.month);
    expect(two.trend.recent?.from).toBe(insights.temporal.monthly.at(-12)?.month);
    expect(two.trend.previous?.from).toBe(insights.temporal.monthly.at(-24)?.month);
    const one = await trend(1);
    expect(one.trend).toMatchObject({ direction: 'insufficient_data', recent: null, previous: null });
    expect(one.trend.basis).toMatch(/at least 2 months/);
    expect((await trend(4)).trend.basis).toMatch(/^Latest 2 months of reviews against the 2 months before them/);
  });
});

describe('prompts and resources', () => {
  it("takes the prompt's aspect in any case, as the tools do", async () => {
    const text = async (aspect: string) => {
      const prompt = await client.getPrompt({ name: 'summarise_reviews_since', arguments: { since: '2026-09-01', aspect } });
      return (prompt.messages[0]?.content as { text: string }).text;
    };
    const lower = await text('pricing');
    expect(lower).toContain('focusing on the aspect pricing');
    for (const aspect of ['Pricing', 'PRICING', ' pricing ']) expect(await text(aspect)).toBe(lower);
    await expect(text('Prices')).rejects.toThrow(/aspect/i);
  });

  it('lets the resource a prompt embeds be read back, with the same text', async () => {
    const prompt = await client.getPrompt({ name: 'summarise_reviews_since', arguments: { since: '2026-09-01' } });
    const embedded = prompt.messages[1]?.content as { type: string; resource: { uri: string; text: string } };
    expect(embedded.resource.uri).toBe('reviews://since/2026-09-01');
    const read = await client.readResource({ uri: embedded.resource.uri });
    expect((read.contents[0] as { text: string }).text).toBe(embedded.resource.text);
    expect(JSON.parse(embedded.resource.text)).toMatchObject({ since: '2026-09-01', next_cursor: null });
    await expect(client.readResource({ uri: 'reviews://since/2026-02-30' })).rejects.toThrow(/Resource not found/);
  });
});
