import type { APIRoute } from 'astro';
import { loadInsights, loadSite } from '../content/site-content.ts';
import { buildLlmsTxt } from '../lib/site/machine-files.ts';

export const GET: APIRoute = async () => {
  const [{ dataset, base }, insights] = await Promise.all([loadSite(), loadInsights()]);
  return new Response(buildLlmsTxt(dataset, insights, base));
};
