import type { McpServer } from '@modelcontextprotocol/server';
import { GetBusinessInputSchema, GetBusinessOutputSchema } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { answer, READ_ONLY } from './tool-result.ts';

export function registerGetBusinessTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'get_business',
    {
      title: 'Business details and rating',
      description:
        'The business: name, contact details, address, opening hours, licences, service areas, the services catalogue (ids and labels) ' +
        'and the technician roster (names and aliases), with the aggregate star rating and its distribution. ' +
        'Start here to learn which technician names and service ids the other tools accept.',
      inputSchema: GetBusinessInputSchema,
      outputSchema: GetBusinessOutputSchema,
      annotations: READ_ONLY,
    },
    () => {
      const { business, aggregate_rating } = deps.artifacts.current.dataset;
      return answer({ business, aggregate_rating });
    },
  );
}
