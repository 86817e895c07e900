import type { APIRoute } from 'astro';
import { loadSite } from '../content/site-content.ts';
import { artifactJson } from '../lib/artifact.ts';
import { buildInsights } from '../lib/insights/index.ts';
import { InsightsSchema } from '../schemas/insights.ts';

export const GET: APIRoute = async () => {
  const { dataset, content, aspects, editorial } = await loadSite();
  const started = performance.now();
  const insights = buildInsights({
    reviews: dataset.reviews,
    aspects,
    technicians: content.technicians,
    services: content.services,
    serviceAreas: content.serviceAreas,
    editorial,
    businessName: dataset.business.name,
  });
  // Read by `npm run bench` for the analyser's share of the build time.
  console.log(`[insights] analysed ${dataset.reviews.length} reviews in ${Math.round(performance.now() - started)} ms`);
  return new Response(artifactJson(InsightsSchema, insights));
};
