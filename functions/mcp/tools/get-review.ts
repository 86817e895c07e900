import type { McpServer } from '@modelcontextprotocol/server';
import { reviewAt } from '../../../src/lib/search/index.ts';
import { GetReviewInputSchema, GetReviewOutputSchema } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { answer, cannotAnswer, choices, READ_ONLY } from './tool-result.ts';

export function registerGetReviewTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'get_review',
    {
      title: 'One review with its analysis',
      description:
        "One verified review by id, with the analyser's reading of it: text sentiment, the aspects it talks about " +
        '(each with its polarity and the verbatim evidence), the technicians, services and problems it mentions. ' +
        'Review ids come from search_reviews, get_reviews_since and the example_review_ids of the insights tools.',
      inputSchema: GetReviewInputSchema,
      outputSchema: GetReviewOutputSchema,
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
