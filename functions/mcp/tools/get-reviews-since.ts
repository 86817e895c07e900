import type { McpServer } from '@modelcontextprotocol/server';
import { sinceAnswer } from '../../../src/lib/search/index.ts';
import { GetReviewsSinceOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import { answerJson, bodyText, MCP_SINCE_KEYS } from '../../http/answer-json.ts';
import type { McpDeps } from '../deps.ts';
import { checkedOutputSchema } from './output-schema.ts';
import { invalidArguments, listAnswer, READ_ONLY } from './tool-result.ts';

const OUTPUT = checkedOutputSchema(GetReviewsSinceOutputSchema);

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
      const { read } = deps.artifacts.current;
      const answer = sinceAnswer(read.index, date, { limit, cursor, fields });
      if (!answer.ok) return invalidArguments(answer.issues);
      const page = answer.value;
      const value = {
        since: page.since,
        count: page.count,
        returned: page.returned,
        reviews: read.reviews(page.reviews),
        next_cursor: page.next_cursor,
      };
      return listAnswer(bodyText(answerJson(MCP_SINCE_KEYS, page, read)), value);
    },
  );
}
