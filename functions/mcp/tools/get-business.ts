import type { McpServer } from '@modelcontextprotocol/server';
import { GetBusinessOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { outputSchema } from './output-schema.ts';
import { answer, READ_ONLY } from './tool-result.ts';

const OUTPUT = outputSchema(GetBusinessOutputSchema);

export function registerGetBusinessTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    MCP_TOOLS.get_business.name,
    {
      title: MCP_TOOLS.get_business.title,
      description: MCP_TOOLS.get_business.description,
      inputSchema: MCP_TOOLS.get_business.inputSchema,
      outputSchema: OUTPUT,
      annotations: READ_ONLY,
    },
    () => {
      const { business, aggregate_rating } = deps.artifacts.current.dataset;
      return answer({ business, aggregate_rating });
    },
  );
}
