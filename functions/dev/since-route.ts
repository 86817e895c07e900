import type { APIRoute } from 'astro';
import { handleSince } from '../reviews/since-handler.ts';
import { devReviews } from './dev-reviews.ts';
import { toWebResponse } from './web-response.ts';

// Injected by the dev-routes integration for `astro dev`; `npm start` routes this path to the same handler without Astro.
export const prerender = false;

export const GET: APIRoute = async ({ request, params }) =>
  toWebResponse(handleSince(request, params.date ?? '', new URL(request.url).search.slice(1), await devReviews()));
