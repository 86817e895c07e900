import type { BusinessFile } from '../../schemas/business.ts';
import type { ServiceArea, ServiceFile, Technician } from '../../schemas/catalogue.ts';
import type { ContentProblem } from '../content-error.ts';
import { normaliseText } from '../text.ts';
import type { ReviewEntry } from './review-file.ts';

/**
 * Content as far as it was read: a file that did not parse is absent (its own
 * problems are reported by its reader), the review files that did parse are
 * all here. The checks below run on whatever is present, so one build reports
 * a broken file, an unknown `service_area` and a future date together instead
 * of in three rounds (docs/owner.md, "Building").
 */
export interface CheckedContent {
  business?: Pick<BusinessFile, 'timezone'> | undefined;
  technicians?: Technician[] | undefined;
  services?: ServiceFile[] | undefined;
  serviceAreas?: ServiceArea[] | undefined;
  reviews: readonly ReviewEntry[];
}

/**
 * What a per-file schema cannot see: duplicate names in a catalogue, duplicate
 * review ids, names that are not on the roster, a reply before its review, and
 * (with `today`, the build's date in the business's time zone) dates after today.
 */
export function crossFileProblems(content: CheckedContent, today?: string): ContentProblem[] {
  return [...checkCatalogue(content), ...checkReviews(content), ...(today ? checkNotAfter(content, today) : [])];
}

function checkCatalogue(content: CheckedContent): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const duplicates = <T>(file: string, field: string, items: T[], key: (item: T) => string) => {
    const seen = new Set<string>();
    for (const item of items) {
      const k = normaliseText(key(item));
      if (seen.has(k)) problems.push({ file, field, message: `"${key(item)}" appears twice` });
      seen.add(k);
    }
  };
  if (content.technicians) {
    duplicates('content/technicians.json', 'name', content.technicians, (t) => t.name);
    duplicates(
      'content/technicians.json',
      'aliases',
      content.technicians.flatMap((t) => t.aliases),
      (a) => a,
    );
  }
  if (content.services) duplicates('content/services.json', 'id', content.services, (s) => s.id);
  if (content.serviceAreas) duplicates('content/service-areas.json', 'name', content.serviceAreas, (a) => a.name);
  return problems;
}

function checkReviews(content: CheckedContent): ContentProblem[] {
  const problems: ContentProblem[] = [];
  // A catalogue file that did not parse has its own problems; the names it would hold are not checked against.
  const technicianNames = content.technicians && new Set(content.technicians.map((t) => t.name));
  const serviceIds = content.services && new Set(content.services.map((s) => s.id));
  const areaNames = content.serviceAreas && new Set(content.serviceAreas.map((a) => a.name));
  const fileById = new Map<string, string>();

  for (const { file, data } of content.reviews) {
    const other = fileById.get(data.id);
    if (other) problems.push({ file, field: 'id', message: `"${data.id}" is already the id of ${other}; every review needs its own id` });
    else fileById.set(data.id, file);

    for (const name of technicianNames ? (data.technicians ?? []) : []) {
      if (!technicianNames!.has(name)) {
        problems.push({ file, field: 'technicians', message: `"${name}" is not on the roster (${[...technicianNames!].join(', ')})` });
      }
    }
    for (const id of serviceIds ? (data.services ?? []) : []) {
      if (!serviceIds!.has(id)) problems.push({ file, field: 'services', message: `"${id}" is not a service id of content/services.json` });
    }
    if (areaNames && data.service_area !== null && !areaNames.has(data.service_area)) {
      problems.push({
        file,
        field: 'service_area',
        message: `"${data.service_area}" is not a service area (${[...areaNames].join(', ')})`,
      });
    }
    if (data.owner_reply && data.owner_reply.date < data.date) {
      problems.push({
        file,
        field: 'owner_reply.date',
        message: `the reply (${data.owner_reply.date}) is dated before the review (${data.date})`,
      });
    }
  }
  return problems;
}

/**
 * A review dated after the day of the build is a typo (2062 for 2026) that
 * would otherwise be the newest review and the feeds' `updated` for decades.
 * `today` is the build's date in the business's time zone.
 */
function checkNotAfter(content: CheckedContent, today: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const where = content.business ? `${today} in ${content.business.timezone}` : today;
  for (const { file, data } of content.reviews) {
    if (data.date > today) {
      problems.push({
        file,
        field: 'date',
        message: `"${data.date}" is after today (${where}); a review cannot come from the future (check the year)`,
      });
    }
    if (data.owner_reply && data.owner_reply.date > today) {
      problems.push({
        file,
        field: 'owner_reply.date',
        message: `"${data.owner_reply.date}" is after today (${where}); a reply cannot come from the future (check the year)`,
      });
    }
  }
  return problems;
}
