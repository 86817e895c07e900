import type { McpServer } from '@modelcontextprotocol/server';
import { GetFaqInputSchema, GetFaqOutputSchema } from '../../../src/schemas/mcp-tools.ts';
import type { McpDeps } from '../deps.ts';
import { answer, cannotAnswer, choices, READ_ONLY } from './tool-result.ts';

export function registerGetFaqTool(server: McpServer, deps: McpDeps): void {
  server.registerTool(
    'get_faq',
    {
      title: 'Frequent questions, answered from the reviews',
      description:
        "The owner's frequent questions (on time? fair prices? emergencies? ...) each answered from the analysis of the reviews, " +
        'with the ids of the reviews each answer cites. Give id for one question; omit it for all.',
      inputSchema: GetFaqInputSchema,
      outputSchema: GetFaqOutputSchema,
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
