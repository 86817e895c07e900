import type { Service, Technician } from '../../schemas/catalogue.ts';
import { technicianPhrases } from '../mentions.ts';
import { normaliseText } from '../text.ts';

/** What a name given by a person (or an assistant) refers to. */
export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'ambiguous'; candidates: T[] } | { kind: 'unknown' };

/**
 * A technician by full name, first name or alias, case-insensitively: the
 * rule `mentions_technician` follows. A first name two technicians share is
 * ambiguous here (one answer is asked for), where the search matches both.
 */
export function findTechnician(roster: readonly Technician[], name: string): Lookup<Technician> {
  const names = technicianPhrases(roster, { includeSharedFirstNames: true }).get(normaliseText(name.trim())) ?? [];
  const matches = roster.filter((t) => names.includes(t.name));
  if (matches.length === 0) return { kind: 'unknown' };
  if (matches.length > 1) return { kind: 'ambiguous', candidates: matches };
  return { kind: 'found', value: matches[0] as Technician };
}

/** A service by id or label, case-insensitively: the rule `mentions_service` follows. */
export function findService(services: readonly Service[], idOrLabel: string): Lookup<Service> {
  const wanted = normaliseText(idOrLabel.trim());
  const match = services.find((s) => normaliseText(s.id) === wanted || normaliseText(s.label) === wanted);
  return match ? { kind: 'found', value: match } : { kind: 'unknown' };
}

/**
 * Values that start with what was typed (case-insensitively), then values
 * that contain it, at most `max`: completion of a name or id.
 */
export function completeFrom<T extends string>(values: Iterable<T>, typed: string, max = 100): T[] {
  const wanted = normaliseText(typed.trim());
  const starts: T[] = [];
  const contains: T[] = [];
  for (const value of values) {
    const text = normaliseText(value);
    if (text.startsWith(wanted)) starts.push(value);
    else if (text.includes(wanted)) contains.push(value);
    if (starts.length >= max) break;
  }
  return [...starts, ...contains].slice(0, max);
}
