import type { McpServer } from '@modelcontextprotocol/server';
import { insightsSummary } from '../../../src/lib/answers/trend.ts';
import { GetInsightsSummaryOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { outputSchema } from './output-schema.ts';
import { answer, READ_ONLY } from './tool-result.ts';

const OUTPUT = outputSchema(GetInsightsSummaryOutputSchema);

export function registerGetInsightsSummaryTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    MCP_TOOLS.get_insights_summary.name,
    {
      title: MCP_TOOLS.get_insights_summary.title,
      description: MCP_TOOLS.get_insights_summary.description,
      inputSchema: MCP_TOOLS.get_insights_summary.inputSchema,
      outputSchema: OUTPUT,
      annotations: READ_ONLY,
    },
    () => answer(insightsSummary(deps.artifacts.current.insights)),
  );
}
