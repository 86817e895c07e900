import type { AspectId, ServiceArea, ServiceFile, Technician } from '../../schemas/catalogue.ts';
import type { Insights } from '../../schemas/insights.ts';
import type { ReviewResult } from './analyse-review.ts';
import { byMentions, entityStats } from './entity-summary.ts';

export interface EntityInput {
  technicians: readonly Technician[];
  services: readonly ServiceFile[];
  serviceAreas: readonly ServiceArea[];
  problemLabels: ReadonlyMap<string, string>;
  aspectOrder: ReadonlyMap<AspectId, number>;
}

/**
 * Every roster technician, catalogue service and service area gets an entry,
 * mentioned or not, so a client can ask about any of them; problems are
 * listed when at least one review describes them.
 */
export function summariseEntities(input: EntityInput, results: readonly ReviewResult[]): Omit<Insights['entities'], 'office'> {
  const stats = (test: (r: ReviewResult) => boolean) => entityStats(results.filter(test), input.aspectOrder);
  const problemIds = [...input.problemLabels.keys()].filter((id) => results.some((r) => r.analysis.problems.includes(id)));
  return {
    technicians: input.technicians
      .map((t) => ({ name: t.name, ...stats((r) => r.analysis.technicians.includes(t.name)) }))
      .sort(byMentions((e) => e.name)),
    services: input.services
      .map((s) => ({ id: s.id, label: s.label, ...stats((r) => r.analysis.services.includes(s.id)) }))
      .sort(byMentions((e) => e.id)),
    problems: problemIds
      .map((id) => ({ id, label: input.problemLabels.get(id) ?? id, ...stats((r) => r.analysis.problems.includes(id)) }))
      .sort(byMentions((e) => e.id)),
    service_areas: input.serviceAreas
      .map((a) => ({ name: a.name, ...stats((r) => r.analysis.service_area === a.name) }))
      .sort(byMentions((e) => e.name)),
  };
}
