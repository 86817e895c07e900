import type { McpServer } from '@modelcontextprotocol/server';
import { bodyText, searchAnswer } from '../../../src/lib/search/index.ts';
import { MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import { SearchResultSchema } from '../../../src/schemas/search.ts';
import type { McpDeps } from '../deps.ts';
import { outputSchema } from './output-schema.ts';
import { reviewObjects } from './review-objects.ts';
import { invalidArguments, listAnswer, READ_ONLY } from './tool-result.ts';

const OUTPUT = outputSchema(SearchResultSchema);

/** GET /api/reviews/search as a tool: the same schema validates the arguments, the same code writes the answer. */
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
    (query) => {
      const index = deps.artifacts.current.reviews;
      const answer = searchAnswer(index, query);
      if (!answer.ok) return invalidArguments(answer.issues);
      const { body, positions, fields, next, matched } = answer.value;
      const reviews = reviewObjects(index, positions, fields);
      return listAnswer(bodyText(body), { matched, returned: positions.length, reviews, next_cursor: next });
    },
  );
}
