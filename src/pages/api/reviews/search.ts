import type { APIRoute } from 'astro';
import { handleSearch } from '../../../../functions/reviews/search-handler.ts';
import { toWebResponse } from '../../../../functions/web-adapter.ts';
import { devReviews } from '../../../content/dev-reviews.ts';

// On demand in `astro dev`; `npm start` routes this path to the same handler without Astro.
export const prerender = false;

export const GET: APIRoute = async ({ request }) => toWebResponse(handleSearch(new URL(request.url), await devReviews()));
