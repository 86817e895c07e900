import type { McpServer } from '@modelcontextprotocol/server';
import { GetAspectSentimentOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { outputSchema } from './output-schema.ts';
import { answer, READ_ONLY } from './tool-result.ts';

const OUTPUT = outputSchema(GetAspectSentimentOutputSchema);

export function registerGetAspectSentimentTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    MCP_TOOLS.get_aspect_sentiment.name,
    {
      title: MCP_TOOLS.get_aspect_sentiment.title,
      description: MCP_TOOLS.get_aspect_sentiment.description,
      inputSchema: MCP_TOOLS.get_aspect_sentiment.inputSchema,
      outputSchema: OUTPUT,
      annotations: READ_ONLY,
    },
    ({ aspect }) => {
      const { aspects } = deps.artifacts.current.insights;
      return answer({ aspects: aspect === undefined ? aspects : aspects.filter((a) => a.id === aspect) });
    },
  );
}
