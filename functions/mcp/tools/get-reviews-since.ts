import type { McpServer } from '@modelcontextprotocol/server';
import { sinceAnswer } from '../../../src/lib/search/index.ts';
import { GetReviewsSinceInputSchema, GetReviewsSinceOutputSchema } from '../../../src/schemas/mcp-tools.ts';
import { ReviewSchema } from '../../../src/schemas/review.ts';
import type { McpDeps } from '../deps.ts';
import { withMemoizedItems } from '../memoized-output.ts';
import { pooledBuffers, READ_ONLY, reviewsAnswer } from './tool-result.ts';

const OUTPUT = withMemoizedItems(GetReviewsSinceOutputSchema, 'reviews', ReviewSchema);

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
      outputSchema: OUTPUT,
      annotations: READ_ONLY,
    },
    ({ date, limit }, ctx) => {
      const index = deps.artifacts.current.reviews;
      const pool = pooledBuffers();
      const answer = sinceAnswer(index, date, limit, pool.take);
      return reviewsAnswer(deps, ctx, index, answer, { since: date, count: answer.count, returned: answer.positions.length }, pool);
    },
  );
}
