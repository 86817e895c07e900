import type { McpServer } from '@modelcontextprotocol/server';
import { reviewAt } from '../../../src/lib/search/index.ts';
import { GetReviewOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { outputSchema } from './output-schema.ts';
import { answer, cannotAnswer, choices, READ_ONLY } from './tool-result.ts';

const OUTPUT = outputSchema(GetReviewOutputSchema);

export function registerGetReviewTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    MCP_TOOLS.get_review.name,
    {
      title: MCP_TOOLS.get_review.title,
      description: MCP_TOOLS.get_review.description,
      inputSchema: MCP_TOOLS.get_review.inputSchema,
      outputSchema: OUTPUT,
      annotations: READ_ONLY,
    },
    ({ id }) => {
      const { reviews, insights } = deps.artifacts.current;
      const position = reviews.byId.get(id);
      const analysis = insights.analysisOf(id);
      if (position === undefined || analysis === undefined) {
        const newest = reviews.byId.keys().take(5).toArray();
        return cannotAnswer(
          `No published review has the id ${JSON.stringify(id)}. Valid ids are those of the ${reviews.count} published reviews, ` +
            `e.g. the newest: ${choices(newest)}; find others with search_reviews or get_reviews_since.`,
        );
      }
      return answer({ review: reviewAt(reviews, position), analysis });
    },
  );
}
