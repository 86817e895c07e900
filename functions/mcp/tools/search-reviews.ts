import type { McpServer } from '@modelcontextprotocol/server';
import { searchAnswer } from '../../../src/lib/search/index.ts';
import { MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import { SearchResultSchema } from '../../../src/schemas/search.ts';
import { ReviewSchema } from '../../../src/schemas/review.ts';
import type { McpDeps } from '../deps.ts';
import { withMemoizedItems } from '../memoized-output.ts';
import { pooledBuffers, READ_ONLY, reviewsAnswer } from './tool-result.ts';

const OUTPUT = withMemoizedItems(SearchResultSchema, 'reviews', ReviewSchema);

/** GET /api/reviews/search as a tool: the same schema validates the arguments, the same code answers. */
export function registerSearchReviewsTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    MCP_TOOLS.search_reviews.name,
    {
      title: MCP_TOOLS.search_reviews.title,
      description: MCP_TOOLS.search_reviews.description,
      inputSchema: MCP_TOOLS.search_reviews.inputSchema,
      outputSchema: OUTPUT,
      annotations: READ_ONLY,
    },
    (query, ctx) => {
      const index = deps.artifacts.current.reviews;
      const pool = pooledBuffers();
      const answer = searchAnswer(index, query, pool.take);
      return reviewsAnswer(deps, ctx, index, answer, { matched: answer.hits.matched, returned: answer.positions.length }, pool);
    },
  );
}
