import type { APIRoute } from 'astro';
import { loadSite } from '../content/site-content.ts';
import { artifactJson } from '../lib/artifact.ts';
import { ReviewsDatasetSchema } from '../schemas/reviews-dataset.ts';

export const GET: APIRoute = async () => {
  const { dataset } = await loadSite();
  return new Response(artifactJson(ReviewsDatasetSchema, dataset));
};
