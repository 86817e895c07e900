import type { APIRoute } from 'astro';
import { loadSite } from '../content/site-content.ts';
import { buildBadge } from '../lib/widget/badge.ts';

export const GET: APIRoute = async () => {
  const { dataset } = await loadSite();
  return new Response(buildBadge(dataset.aggregate_rating).svg, { headers: { 'content-type': 'image/svg+xml' } });
};
