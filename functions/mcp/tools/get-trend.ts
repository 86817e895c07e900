import type { McpServer } from '@modelcontextprotocol/server';
import { latestTrend } from '../../../src/lib/answers/trend.ts';
import { GetTrendInputSchema, GetTrendOutputSchema } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { answer, READ_ONLY } from './tool-result.ts';

export function registerGetTrendTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'get_trend',
    {
      title: 'Rating and sentiment trend',
      description:
        'Whether reviews are improving, declining or stable (the latest 6 months against the 6 before, and how that was decided), ' +
        'with the latest months of the monthly series: review count, average rating and text sentiment per month.',
      inputSchema: GetTrendInputSchema,
      outputSchema: GetTrendOutputSchema,
      annotations: READ_ONLY,
    },
    ({ months }) => answer(latestTrend(deps.artifacts.current.insights, months)),
  );
}
