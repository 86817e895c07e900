import type { McpServer } from '@modelcontextprotocol/server';
import { searchAnswer } from '../../../src/lib/search/index.ts';
import { MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import { SearchResultSchema } from '../../../src/schemas/search.ts';
import { answerJson, bodyText, SEARCH_KEYS } from '../../http/answer-json.ts';
import type { McpDeps } from '../deps.ts';
import { checkedOutputSchema } from './output-schema.ts';
import { invalidArguments, listAnswer, READ_ONLY } from './tool-result.ts';
import { unknownNames } from './unknown-names.ts';

const OUTPUT = checkedOutputSchema(SearchResultSchema);

/** GET /api/reviews/search as a tool: the same schema validates the arguments, the same code finds the page and writes its JSON. */
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
      const { read, dataset } = deps.artifacts.current;
      const unknown = unknownNames(dataset.business, query);
      if (unknown) return unknown;
      const answer = searchAnswer(read.index, query);
      if (!answer.ok) return invalidArguments(answer.issues);
      const page = answer.value;
      const value = { matched: page.matched, returned: page.returned, reviews: read.reviews(page.reviews), next_cursor: page.next_cursor };
      return listAnswer(bodyText(answerJson(SEARCH_KEYS, page, read)), value);
    },
  );
}
