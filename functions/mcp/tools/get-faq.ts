import type { McpServer } from '@modelcontextprotocol/server';
import { GetFaqOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { outputSchema } from './output-schema.ts';
import { answer, cannotAnswer, choices, READ_ONLY } from './tool-result.ts';

const OUTPUT = outputSchema(GetFaqOutputSchema);

export function registerGetFaqTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    MCP_TOOLS.get_faq.name,
    {
      title: MCP_TOOLS.get_faq.title,
      description: MCP_TOOLS.get_faq.description,
      inputSchema: MCP_TOOLS.get_faq.inputSchema,
      outputSchema: OUTPUT,
      annotations: READ_ONLY,
    },
    ({ id }) => {
      const { faq } = deps.artifacts.current.insights;
      if (id === undefined) return answer({ faq });
      const entry = faq.find((f) => f.id === id);
      if (!entry)
        return cannotAnswer(
          `No question has the id ${JSON.stringify(id)}. Valid ids: ${choices(
            faq.map((f) => f.id),
            50,
          )}.`,
        );
      return answer({ faq: [entry] });
    },
  );
}
