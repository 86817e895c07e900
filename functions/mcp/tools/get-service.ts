import type { McpServer } from '@modelcontextprotocol/server';
import { findService } from '../../../src/lib/answers/lookup.ts';
import { GetServiceOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { outputSchema } from './output-schema.ts';
import { answer, cannotAnswer, choices, READ_ONLY } from './tool-result.ts';

const OUTPUT = outputSchema(GetServiceOutputSchema);

export function registerGetServiceTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    MCP_TOOLS.get_service.name,
    {
      title: MCP_TOOLS.get_service.title,
      description: MCP_TOOLS.get_service.description,
      inputSchema: MCP_TOOLS.get_service.inputSchema,
      outputSchema: OUTPUT,
      annotations: READ_ONLY,
    },
    ({ service }) => {
      const { dataset, insights } = deps.artifacts.current;
      const catalogue = dataset.business.services;
      const found = findService(catalogue, service);
      const insight = found.kind === 'found' ? insights.entities.services.find((s) => s.id === found.value.id) : undefined;
      if (found.kind !== 'found' || insight === undefined) {
        return cannotAnswer(
          `No service is called ${JSON.stringify(service)}. Valid service ids: ${choices(
            catalogue.map((s) => s.id),
            50,
          )} (labels work too).`,
        );
      }
      return answer({ service: found.value, insight });
    },
  );
}
