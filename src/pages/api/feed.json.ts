import type { APIRoute } from 'astro';
import { loadSite } from '../../content/site-content.ts';
import { artifactJson } from '../../lib/artifact.ts';
import { buildJsonFeed } from '../../lib/feeds.ts';
import { JsonFeedSchema } from '../../schemas/json-feed.ts';

export const GET: APIRoute = async () => {
  const { dataset, base } = await loadSite();
  return new Response(artifactJson(JsonFeedSchema, buildJsonFeed(dataset, base)));
};
