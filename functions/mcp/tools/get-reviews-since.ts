import type { McpServer } from '@modelcontextprotocol/server';
import { bodyText, sinceAnswer } from '../../../src/lib/search/index.ts';
import { GetReviewsSinceOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { outputSchema } from './output-schema.ts';
import { reviewObjects } from './review-objects.ts';
import { invalidArguments, listAnswer, READ_ONLY } from './tool-result.ts';

const OUTPUT = outputSchema(GetReviewsSinceOutputSchema);

/** GET /api/reviews/since/{date} as a tool, with the search's page size (see GetReviewsSinceInputSchema). */
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
    ({ date, limit, cursor, fields }) => {
      const index = deps.artifacts.current.reviews;
      const answer = sinceAnswer(index, date, { limit, cursor, fields }, true);
      if (!answer.ok) return invalidArguments(answer.issues);
      const { body, positions, count, next } = answer.value;
      const reviews = reviewObjects(index, positions, answer.value.fields);
      return listAnswer(bodyText(body), { since: date, count, returned: positions.length, reviews, next_cursor: next });
    },
  );
}
