import type { APIRoute } from 'astro';
import { loadSite } from '../content/site-content.ts';
import { buildRobotsTxt } from '../lib/site/machine-files.ts';

export const GET: APIRoute = async () => new Response(buildRobotsTxt((await loadSite()).base));
