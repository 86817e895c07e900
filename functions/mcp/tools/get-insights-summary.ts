import type { McpServer } from '@modelcontextprotocol/server';
import { insightsSummary } from '../../../src/lib/answers/trend.ts';
import { GetInsightsSummaryInputSchema, GetInsightsSummaryOutputSchema } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { answer, READ_ONLY } from './tool-result.ts';

export function registerGetInsightsSummaryTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'get_insights_summary',
    {
      title: 'Summary of what customers say',
      description:
        'The headline of the analysis: a written summary, a pull quote, how many reviews over which dates, overall text sentiment, ' +
        'the aspects mentioned most and the trend direction. A good first call for "what do customers think?".',
      inputSchema: GetInsightsSummaryInputSchema,
      outputSchema: GetInsightsSummaryOutputSchema,
      annotations: READ_ONLY,
    },
    () => answer(insightsSummary(deps.artifacts.current.insights)),
  );
}
