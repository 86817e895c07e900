/** Every public path of the service, in one place for pages, server, feeds and OpenAPI. */
export const PATHS = {
  reviews: '/reviews.json',
  insights: '/insights.json',
  jsonFeed: '/api/feed.json',
  atomFeed: '/feed.xml',
  openapi: '/.well-known/openapi.json',
  search: '/api/reviews/search',
  since: '/api/reviews/since/{date}',
  mcp: '/mcp',
  hub: '/api/websub/hub',
} as const;

export const FEED_SIZE = 50;

export const CONTENT_TYPES = {
  json: 'application/json',
  jsonFeed: 'application/feed+json',
  atom: 'application/atom+xml',
} as const;
