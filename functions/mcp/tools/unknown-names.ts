import type { CallToolResult } from '@modelcontextprotocol/server';
import { closestFirst, findService, findTechnician } from '../../../src/lib/answers/lookup.ts';
import type { Business } from '../../../src/schemas/business.ts';
import type { SearchQuery } from '../../../src/schemas/search.ts';
import { cannotAnswer, choices } from './tool-result.ts';

/**
 * A search filter that names no technician or no service of the business is
 * an error listing the valid names, the closest first: an assistant that
 * guessed a name ("Bob", "EV charger") can correct itself at once, where
 * `matched: 0` would read as "no review mentions them". (The HTTP search
 * keeps answering an unknown name with no match: a page's filter form may
 * hold any text.) Undefined when every name is known.
 */
export function unknownNames(
  business: Business,
  query: Pick<SearchQuery, 'mentions_technician' | 'mentions_service'>,
): CallToolResult | undefined {
  const problems: string[] = [];
  const technician = query.mentions_technician;
  if (technician !== undefined && findTechnician(business.technicians, technician).kind === 'unknown') {
    const roster = closestFirst(technician, business.technicians, (t) => [t.name, t.name.split(' ')[0] ?? t.name, ...t.aliases]);
    problems.push(
      `mentions_technician: no technician is called ${JSON.stringify(technician)}. Valid names, closest first: ${choices(roster.map((t) => t.name))} (first names and aliases work too).`,
    );
  }
  const service = query.mentions_service;
  if (service !== undefined && findService(business.services, service).kind === 'unknown') {
    const catalogue = closestFirst(service, business.services, (s) => [s.id, s.label]);
    problems.push(
      `mentions_service: no service is called ${JSON.stringify(service)}. Valid services, closest first: ${choices(
        catalogue.map((s) => s.id),
        50,
      )} (their labels work too, e.g. ${JSON.stringify(catalogue[0]?.label ?? '')}).`,
    );
  }
  return problems.length > 0 ? cannotAnswer(problems.join('\n')) : undefined;
}
