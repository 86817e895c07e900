import type { BusinessFile } from '../schemas/business.ts';
import type { ServiceArea, ServiceFile, Technician } from '../schemas/catalogue.ts';
import type { Review, ReviewFile } from '../schemas/review.ts';
import type { ReviewsDataset } from '../schemas/reviews-dataset.ts';
import { aggregateRating } from './aggregate-rating.ts';
import { ContentError, type ContentProblem } from './content-error.ts';
import { createMentionMatcher } from './mentions.ts';
import { normaliseText } from './text.ts';
import { compareNewestFirst } from './order.ts';

/** One review file as the content layer read it. */
export interface ReviewEntry {
  /** Path relative to the project, for error messages. */
  file: string;
  data: ReviewFile;
  body: string;
}

export interface SiteContent {
  business: BusinessFile;
  technicians: Technician[];
  services: ServiceFile[];
  serviceAreas: ServiceArea[];
  reviews: ReviewEntry[];
}

export interface BuiltDataset {
  dataset: ReviewsDataset;
  warnings: string[];
}

/**
 * Content in, `/reviews.json` out. Checks what a per-file schema cannot see
 * (duplicate ids, names that are not on the roster) and derives mentions.
 */
export function buildReviewsDataset(content: SiteContent, options: { today?: string } = {}): BuiltDataset {
  const problems = [...checkCatalogue(content), ...checkReviews(content), ...(options.today ? checkNotAfter(content, options.today) : [])];
  if (problems.length > 0) throw new ContentError(problems);

  const warnings: string[] = [];
  const matcher = createMentionMatcher(content.technicians, content.services);
  const reviews: Review[] = [];
  for (const entry of content.reviews) {
    if (!entry.data.verified) {
      warnings.push(`${entry.file}: skipped, the review is not verified (verified: false)`);
      continue;
    }
    reviews.push(toReview(entry, matcher));
  }
  reviews.sort(compareNewestFirst);

  return {
    dataset: {
      business: publishedBusiness(content),
      aggregate_rating: aggregateRating(reviews),
      reviews,
    },
    warnings,
  };
}

function toReview(entry: ReviewEntry, matcher: ReturnType<typeof createMentionMatcher>): Review {
  const { data } = entry;
  const text = entry.body.trim() === '' ? null : entry.body.trim();
  return {
    id: data.id,
    author: data.author,
    author_avatar_url: data.author_avatar_url,
    rating: data.rating,
    date: data.date,
    text,
    source: data.source,
    source_url: data.source_url,
    owner_reply: data.owner_reply,
    verified: true,
    technicians: data.technicians ?? (text ? matcher.technicians(text) : []),
    services: data.services ?? (text ? matcher.services(text) : []),
    service_area: data.service_area,
  };
}

function publishedBusiness(content: SiteContent): ReviewsDataset['business'] {
  // The time zone only serves the build (dates of imports, "today"); it is not part of the published shape.
  const { timezone: _timezone, ...business } = content.business;
  return {
    ...business,
    service_areas: content.serviceAreas.map((a) => a.name),
    services: content.services.map(({ id, label }) => ({ id, label })),
    technicians: content.technicians,
  };
}

function checkCatalogue(content: SiteContent): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const duplicates = <T>(file: string, field: string, items: T[], key: (item: T) => string) => {
    const seen = new Set<string>();
    for (const item of items) {
      const k = normaliseText(key(item));
      if (seen.has(k)) problems.push({ file, field, message: `"${key(item)}" appears twice` });
      seen.add(k);
    }
  };
  duplicates('content/technicians.json', 'name', content.technicians, (t) => t.name);
  duplicates(
    'content/technicians.json',
    'aliases',
    content.technicians.flatMap((t) => t.aliases),
    (a) => a,
  );
  duplicates('content/services.json', 'id', content.services, (s) => s.id);
  duplicates('content/service-areas.json', 'name', content.serviceAreas, (a) => a.name);
  return problems;
}

function checkReviews(content: SiteContent): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const technicianNames = new Set(content.technicians.map((t) => t.name));
  const serviceIds = new Set(content.services.map((s) => s.id));
  const areaNames = new Set(content.serviceAreas.map((a) => a.name));
  const fileById = new Map<string, string>();

  for (const { file, data } of content.reviews) {
    const other = fileById.get(data.id);
    if (other) problems.push({ file, field: 'id', message: `"${data.id}" is already the id of ${other}; every review needs its own id` });
    else fileById.set(data.id, file);

    for (const name of data.technicians ?? []) {
      if (!technicianNames.has(name)) {
        problems.push({ file, field: 'technicians', message: `"${name}" is not on the roster (${[...technicianNames].join(', ')})` });
      }
    }
    for (const id of data.services ?? []) {
      if (!serviceIds.has(id)) problems.push({ file, field: 'services', message: `"${id}" is not a service id of content/services.json` });
    }
    if (data.service_area !== null && !areaNames.has(data.service_area)) {
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
function checkNotAfter(content: SiteContent, today: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const where = `${today} in ${content.business.timezone}`;
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
