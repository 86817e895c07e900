import type { McpServer } from '@modelcontextprotocol/server';
import { GetBusinessOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { answer, READ_ONLY } from './tool-result.ts';

export function registerGetBusinessTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    MCP_TOOLS.get_business.name,
    {
      title: MCP_TOOLS.get_business.title,
      description: MCP_TOOLS.get_business.description,
      inputSchema: MCP_TOOLS.get_business.inputSchema,
      outputSchema: GetBusinessOutputSchema,
      annotations: READ_ONLY,
    },
    () => {
      const { business, aggregate_rating } = deps.artifacts.current.dataset;
      return answer({ business, aggregate_rating });
    },
  );
}
