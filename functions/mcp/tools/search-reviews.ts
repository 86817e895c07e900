import type { McpServer } from '@modelcontextprotocol/server';
import { searchAnswerJson } from '../../../src/lib/search/index.ts';
import { SearchReviewsInputSchema } from '../../../src/schemas/mcp-tools.ts';
import { SearchResultSchema } from '../../../src/schemas/search.ts';
import type { McpDeps } from '../deps.ts';
import { answerFromJson, READ_ONLY } from './tool-result.ts';

/** GET /api/reviews/search as a tool: the same schema validates the arguments, the same code answers. */
export function registerSearchReviewsTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'search_reviews',
    {
      title: 'Search reviews',
      description:
        'Verified reviews matching every filter given (AND), newest first: exact rating or minimum rating, a date range, ' +
        'a case-insensitive phrase of the text, a technician (full name, first name or alias) or a service (id or label). ' +
        'Answers how many match in all (matched) and up to limit of them (default 20, at most 100). ' +
        'An unknown technician or service matches nothing; see get_business for the valid names.',
      inputSchema: SearchReviewsInputSchema,
      outputSchema: SearchResultSchema,
      annotations: READ_ONLY,
    },
    (query) => answerFromJson(searchAnswerJson(deps.artifacts.current.reviews, query).toString('utf8')),
  );
}
