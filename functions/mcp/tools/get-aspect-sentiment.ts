import type { McpServer } from '@modelcontextprotocol/server';
import { GetAspectSentimentInputSchema, GetAspectSentimentOutputSchema } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { answer, READ_ONLY } from './tool-result.ts';

export function registerGetAspectSentimentTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'get_aspect_sentiment',
    {
      title: 'Sentiment by aspect',
      description:
        'What customers say about each aspect of the work (punctuality, responsiveness, communication, professionalism, ' +
        'workmanship, technical_knowledge, pricing, cleanliness, safety): how many reviews mention it, how many positively, ' +
        'neutrally and negatively, a score from -1 to 1, the phrases they use most and example review ids (see get_review). ' +
        'Give aspect for one; omit it for all nine.',
      inputSchema: GetAspectSentimentInputSchema,
      outputSchema: GetAspectSentimentOutputSchema,
      annotations: READ_ONLY,
    },
    ({ aspect }) => {
      const { aspects } = deps.artifacts.current.insights;
      return answer({ aspects: aspect === undefined ? aspects : aspects.filter((a) => a.id === aspect) });
    },
  );
}
