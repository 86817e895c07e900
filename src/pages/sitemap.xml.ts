import type { APIRoute } from 'astro';
import { loadInsights, loadSite } from '../content/site-content.ts';
import { buildSitemap, sitePages } from '../lib/site/machine-files.ts';
import { monthPages } from '../lib/site/review-archive.ts';
import { summaryDetailPaths } from '../lib/site/summary-view.ts';

export const GET: APIRoute = async () => {
  const [{ dataset, base }, insights] = await Promise.all([loadSite(), loadInsights()]);
  return new Response(buildSitemap(base, sitePages(dataset, monthPages(dataset.reviews), summaryDetailPaths(insights))));
};
