import type { McpServer } from '@modelcontextprotocol/server';
import { newestIds, positionOf, reviewIds } from '../../../src/lib/search/index.ts';
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
      const { read, insights } = deps.artifacts.current;
      const position = positionOf(read.index, id);
      const review = position === undefined ? undefined : read.review(position);
      const analysis = review && insights.analysisOf(review.id);
      if (review === undefined || analysis === undefined) {
        return cannotAnswer(
          `No published review has the id ${JSON.stringify(id)}. Valid ids are those of the ${reviewIds(read.index).length} published reviews, ` +
            `e.g. the newest: ${choices(newestIds(read.index, 5))}; find others with search_reviews or get_reviews_since.`,
        );
      }
      return answer({ review, analysis });
    },
  );
}
