import type { Insights } from '../../schemas/insights.ts';
import type { ReviewsDataset } from '../../schemas/reviews-dataset.ts';
import { SearchQuerySchema } from '../../schemas/search.ts';
import { PATHS } from '../endpoints.ts';
import type { MonthPage } from './review-archive.ts';
import { MACHINE_PATHS, monthPath, PAGES } from './permalinks.ts';

/** The latest day anything on a list of reviews changed (a review or its reply), or null for none. */
function lastChange(reviews: readonly { date: string; owner_reply: { date: string } | null }[]): string | null {
  let latest: string | null = null;
  for (const r of reviews) {
    const d = r.owner_reply && r.owner_reply.date > r.date ? r.owner_reply.date : r.date;
    if (latest === null || d > latest) latest = d;
  }
  return latest;
}

/** Every HTML page of the site, with the day it last changed (from content, never the clock). */
export function sitePages(
  dataset: ReviewsDataset,
  months: readonly MonthPage[],
  summaryDetails: readonly string[] = [],
): { path: string; lastmod: string | null }[] {
  const latest = lastChange(dataset.reviews);
  return [
    { path: PAGES.home, lastmod: latest },
    { path: PAGES.reviews, lastmod: latest },
    ...months.map((m) => ({ path: monthPath(m.month), lastmod: lastChange(m.reviews) })),
    { path: PAGES.summary, lastmod: latest },
    // The summary's aspect and topic pages change with any review.
    ...summaryDetails.map((path) => ({ path, lastmod: latest })),
    { path: PAGES.developers, lastmod: null },
  ];
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** sitemaps.org 0.9: one `<url>` per HTML page. 100,000 reviews are a few hundred month pages, far under the 50,000-URL limit. */
export function buildSitemap(base: string, pages: readonly { path: string; lastmod: string | null }[]): string {
  const urls = pages.map((p) => `  <url><loc>${xmlText(base + p.path)}</loc>${p.lastmod ? `<lastmod>${p.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Everything may be crawled; the sitemap names the pages. */
export function buildRobotsTxt(base: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${base}${MACHINE_PATHS.sitemap}\n`;
}

/** Markdown link text and notes come from content: keep them from breaking the list's syntax. */
const mdText = (s: string) => s.replace(/\s+/g, ' ').replace(/([\\[\]])/g, '\\$1');

/**
 * llms.txt (llmstxt.org): an H1, a blockquote summary, then `##` sections of `[name](url): note`
 * links: every dataset, feed, endpoint and page, and the MCP server.
 */
export function buildLlmsTxt(dataset: ReviewsDataset, insights: Insights, base: string): string {
  const { business, aggregate_rating: rating } = dataset;
  const link = (name: string, path: string, note: string) => `- [${name}](${base}${path}): ${note}`;
  const latest = insights.date_range.latest;
  const sinceExample = latest ?? '2026-01-01';
  const lines = [
    `# ${mdText(business.name)}: verified customer reviews`,
    '',
    `> ${mdText(business.description)} ${rating.review_count} verified reviews` +
      (rating.review_count > 0 ? `, rated ${rating.rating_value} out of 5 on average` : '') +
      ". Everything here is public, read-only and needs no key; the data is rebuilt from the business's own review files on every change.",
    '',
    'Start with the reviews dataset for the facts and every review, or the insights dataset for what customers say about each aspect of the work. ' +
      'Assistants can use the MCP server instead of downloading the datasets.',
    '',
    '## Datasets',
    '',
    link(
      'Reviews dataset',
      PATHS.reviews,
      'JSON: the business (contact, hours, service areas, services, technicians), the aggregate rating and every verified review, newest first',
    ),
    link(
      'Insights dataset',
      PATHS.insights,
      'JSON: aspect-based sentiment, technicians, services, problems, topics, monthly trend, FAQ answers and a summary, computed from the reviews',
    ),
    '',
    '## Feeds',
    '',
    link('JSON Feed', PATHS.jsonFeed, `JSON Feed 1.1 of the 50 newest reviews; a WebSub topic`),
    link('Atom feed', PATHS.atomFeed, 'Atom 1.0 of the same 50 reviews; a WebSub topic'),
    '',
    '## API',
    '',
    link('OpenAPI description', PATHS.openapi, 'OpenAPI 3.1 document of every endpoint, its parameters and answers'),
    link('Search reviews', PATHS.search, `GET with ${Object.keys(SearchQuerySchema.shape).join(', ')}; all optional, combined with AND`),
    link(
      'Reviews since a date',
      PATHS.since.replace('{date}', sinceExample),
      'GET /api/reviews/since/YYYY-MM-DD: reviews on or after the date, newest first, with ETag and Last-Modified',
    ),
    link(
      'MCP server',
      PATHS.mcp,
      'Model Context Protocol over Streamable HTTP (POST): read-only tools get_business, search_reviews, get_review, get_reviews_since, get_aspect_sentiment, get_technician, get_service, get_trend, get_faq, get_insights_summary',
    ),
    link(
      'WebSub hub',
      PATHS.hub,
      'POST hub.mode=subscribe with an https hub.callback and one of the feeds or the reviews dataset as hub.topic, to have every change pushed',
    ),
    '',
    '## Pages',
    '',
    link('Home', PAGES.home, 'the business, its rating, what customers say and the newest reviews'),
    link('All reviews', PAGES.reviews, 'every review, one page per month, each with a permanent link'),
    link('Summary', PAGES.summary, 'the summary, FAQ answers, aspects with quotes, technicians, services, problems and topics'),
    link('Developers', PAGES.developers, 'the API, the MCP tools and the WebSub guide'),
    '',
    '## Optional',
    '',
    link('Sitemap', MACHINE_PATHS.sitemap, 'every HTML page, including each month of reviews'),
    '',
  ];
  return lines.join('\n');
}
