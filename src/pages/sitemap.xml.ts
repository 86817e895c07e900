import type { APIRoute } from 'astro';
import { loadSite } from '../content/site-content.ts';
import { buildSitemap, sitePages } from '../lib/site/machine-files.ts';
import { monthPages } from '../lib/site/review-archive.ts';

export const GET: APIRoute = async () => {
  const { dataset, base } = await loadSite();
  return new Response(buildSitemap(base, sitePages(dataset, monthPages(dataset.reviews))));
};
