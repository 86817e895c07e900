import type { APIRoute } from 'astro';
import { loadSite } from '../../content/site-content.ts';
import { buildOpenApiDocument } from '../../lib/openapi.ts';

export const GET: APIRoute = async () => {
  const { dataset, base } = await loadSite();
  return new Response(JSON.stringify(buildOpenApiDocument({ base, businessName: dataset.business.name })));
};
