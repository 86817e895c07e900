import type { McpServer } from '@modelcontextprotocol/server';
import { sinceAnswerJson } from '../../../src/lib/search/index.ts';
import { GetReviewsSinceInputSchema, GetReviewsSinceOutputSchema } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { answerFromJson, READ_ONLY } from './tool-result.ts';

/** GET /api/reviews/since/{date} as a tool, with a page size (see GetReviewsSinceInputSchema). */
export function registerGetReviewsSinceTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'get_reviews_since',
    {
      title: 'Reviews since a date',
      description:
        'Reviews dated on or after a day (YYYY-MM-DD), newest first: how many there are (count) and the newest limit of them ' +
        '(default 20, at most 100). A future date answers none. For filters beyond the date, use search_reviews with since.',
      inputSchema: GetReviewsSinceInputSchema,
      outputSchema: GetReviewsSinceOutputSchema,
      annotations: READ_ONLY,
    },
    ({ date, limit }) => answerFromJson(sinceAnswerJson(deps.artifacts.current.reviews, date, limit).toString('utf8')),
  );
}
