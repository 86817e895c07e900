import type { BusinessFile } from '../schemas/business.ts';
import type { ServiceArea, ServiceFile, Technician } from '../schemas/catalogue.ts';
import type { Review } from '../schemas/review.ts';
import type { ReviewsDataset } from '../schemas/reviews-dataset.ts';
import { aggregateRating } from './aggregate-rating.ts';
import { ContentError } from './content-error.ts';
import { crossFileProblems } from './content/cross-checks.ts';
import type { ReviewEntry } from './content/review-file.ts';
import { createMentionMatcher } from './mentions.ts';
import { unlistedPlaces } from './place-names.ts';
import { compareNewestFirst } from './order.ts';

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
  const problems = crossFileProblems(content, options.today);
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
  const places = unlistedPlaces(
    reviews.map((r) => r.text),
    content.serviceAreas,
    [
      content.business.name,
      ...content.technicians.flatMap((t) => [t.name, ...t.aliases]),
      ...content.services.flatMap((s) => [s.label, ...s.synonyms]),
    ],
  );
  if (places.length > 0) {
    warnings.push(
      `place names in reviews that match no service area (reviews): ${places.map((p) => `${p.place} (${p.count})`).join(', ')}; ` +
        'add each as an alias of the area it is in (content/service-areas.json), or leave it if it is in none',
    );
  }

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
  // The time zone only serves the build (dates of imports, "today") and the office staff only the analyser's reading of
  // whom a sentence is about: neither is part of the published shape.
  const { timezone: _timezone, office_staff: _officeStaff, ...business } = content.business;
  return {
    ...business,
    service_areas: content.serviceAreas.map((a) => a.name),
    services: content.services.map(({ id, label }) => ({ id, label })),
    technicians: content.technicians,
  };
}
