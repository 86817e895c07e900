import type { McpServer } from '@modelcontextprotocol/server';
import { findTechnician } from '../../../src/lib/answers/lookup.ts';
import { GetTechnicianInputSchema, GetTechnicianOutputSchema } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { answer, cannotAnswer, choices, READ_ONLY } from './tool-result.ts';

export function registerGetTechnicianTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'get_technician',
    {
      title: 'One technician in the reviews',
      description:
        'A technician of the roster (full name, first name or alias) and what the reviews that mention them say: how many, ' +
        'their average rating and text sentiment, the aspects those reviews mention most, example review ids. ' +
        'To compare technicians, call it once per name.',
      inputSchema: GetTechnicianInputSchema,
      outputSchema: GetTechnicianOutputSchema,
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
