import type { McpServer } from '@modelcontextprotocol/server';
import { sinceAnswer } from '../../../src/lib/search/index.ts';
import { GetReviewsSinceOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { outputSchema } from './output-schema.ts';
import { reviewObjects } from './review-objects.ts';
import { listAnswer, READ_ONLY } from './tool-result.ts';

const OUTPUT = outputSchema(GetReviewsSinceOutputSchema);

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
    ({ date, limit }) => {
      const index = deps.artifacts.current.reviews;
      const { json, count, positions } = sinceAnswer(index, date, limit);
      return listAnswer(json, { since: date, count, returned: positions.length, reviews: reviewObjects(index, positions) });
    },
  );
}
