import type { APIRoute } from 'astro';
import { loadSite } from '../content/site-content.ts';
import { buildAtomFeed } from '../lib/feeds.ts';

export const GET: APIRoute = async () => {
  const { dataset, base } = await loadSite();
  return new Response(buildAtomFeed(dataset, base));
};
