import type { McpServer } from '@modelcontextprotocol/server';
import { sinceAnswer } from '../../../src/lib/search/index.ts';
import { GetReviewsSinceOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import { ReviewSchema } from '../../../src/schemas/review.ts';
import type { McpDeps } from '../deps.ts';
import { withMemoizedItems } from '../memoized-output.ts';
import { pooledBuffers, READ_ONLY, reviewsAnswer } from './tool-result.ts';

const OUTPUT = withMemoizedItems(GetReviewsSinceOutputSchema, 'reviews', ReviewSchema);

/** GET /api/reviews/since/{date} as a tool, with a page size (see GetReviewsSinceInputSchema). */
export function registerGetReviewsSinceTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    MCP_TOOLS.get_reviews_since.name,
    {
      title: MCP_TOOLS.get_reviews_since.title,
      description: MCP_TOOLS.get_reviews_since.description,
      inputSchema: MCP_TOOLS.get_reviews_since.inputSchema,
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
