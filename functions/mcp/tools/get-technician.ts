import type { McpServer } from '@modelcontextprotocol/server';
import { findTechnician } from '../../../src/lib/answers/lookup.ts';
import { GetTechnicianOutputSchema, MCP_TOOLS } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { outputSchema } from './output-schema.ts';
import { answer, cannotAnswer, choices, READ_ONLY } from './tool-result.ts';

const OUTPUT = outputSchema(GetTechnicianOutputSchema);

export function registerGetTechnicianTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    MCP_TOOLS.get_technician.name,
    {
      title: MCP_TOOLS.get_technician.title,
      description: MCP_TOOLS.get_technician.description,
      inputSchema: MCP_TOOLS.get_technician.inputSchema,
      outputSchema: OUTPUT,
      annotations: READ_ONLY,
    },
    ({ name }) => {
      const { dataset, insights } = deps.artifacts.current;
      const roster = dataset.business.technicians;
      const found = findTechnician(roster, name);
      if (found.kind === 'ambiguous') {
        return cannotAnswer(
          `${JSON.stringify(name)} names ${found.candidates.length} technicians: give the full name, ${choices(found.candidates.map((t) => t.name))}.`,
        );
      }
      const insight = found.kind === 'found' ? insights.entities.technicians.find((t) => t.name === found.value.name) : undefined;
      if (found.kind === 'unknown' || insight === undefined) {
        return cannotAnswer(
          `No technician is called ${JSON.stringify(name)}. Valid names: ${choices(roster.map((t) => t.name))} (first names and aliases work too).`,
        );
      }
      return answer({ technician: found.value, insight });
    },
  );
}
