import type { McpServer } from '@modelcontextprotocol/server';
import { latestTrend } from '../../../src/lib/answers/trend.ts';
import { GetTrendOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { outputSchema } from './output-schema.ts';
import { answer, READ_ONLY } from './tool-result.ts';

const OUTPUT = outputSchema(GetTrendOutputSchema);

export function registerGetTrendTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    MCP_TOOLS.get_trend.name,
    {
      title: MCP_TOOLS.get_trend.title,
      description: MCP_TOOLS.get_trend.description,
      inputSchema: MCP_TOOLS.get_trend.inputSchema,
      outputSchema: OUTPUT,
      annotations: READ_ONLY,
    },
    ({ months }) => answer(latestTrend(deps.artifacts.current.insights, months)),
  );
}
