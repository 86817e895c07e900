import type { McpServer } from '@modelcontextprotocol/server';
import { searchAnswer } from '../../../src/lib/search/index.ts';
import { SearchReviewsInputSchema } from '../../../src/schemas/mcp-tools.ts';
import { SearchResultSchema } from '../../../src/schemas/search.ts';
import { ReviewSchema } from '../../../src/schemas/review.ts';
import type { McpDeps } from '../deps.ts';
import { withMemoizedItems } from '../memoized-output.ts';
import { pooledBuffers, READ_ONLY, reviewsAnswer } from './tool-result.ts';

const OUTPUT = withMemoizedItems(SearchResultSchema, 'reviews', ReviewSchema);

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
