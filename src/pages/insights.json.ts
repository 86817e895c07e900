import type { APIRoute } from 'astro';
import { loadInsights } from '../content/site-content.ts';
import { artifactJson } from '../lib/artifact.ts';
import { InsightsSchema } from '../schemas/insights.ts';

export const GET: APIRoute = async () => new Response(artifactJson(InsightsSchema, await loadInsights()));
