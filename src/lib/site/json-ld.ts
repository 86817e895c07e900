import type { Review } from '../../schemas/review.ts';
import type { ReviewsDataset } from '../../schemas/reviews-dataset.ts';
import { PAGES, reviewPermalink } from './permalinks.ts';

const SCHEMA_DAYS = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' } as const;

/**
 * The home page's structured data: the business as an `Electrician` (a `LocalBusiness` subtype)
 * with the facts the page shows. Search engines show no stars for reviews a business publishes
 * about itself, so the rating and the reviews are here only because the page shows them too
 * (`shown`: the reviews on the page), for assistants and aggregators that read them.
 */
export function businessJsonLd(dataset: ReviewsDataset, base: string, shown: readonly Review[]): Record<string, unknown> {
  const { business, aggregate_rating: rating } = dataset;
  const { address } = business;
  return {
    '@context': 'https://schema.org',
    '@type': 'Electrician',
    '@id': `${base}${PAGES.home}#business`,
    name: business.name,
    description: business.description,
    url: business.url,
    telephone: business.telephone,
    email: business.email,
    ...(business.founded ? { foundingDate: business.founded } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street_address,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postal_code,
      addressCountry: address.country,
    },
    areaServed: business.service_areas.map((name) => ({ '@type': 'Place', name })),
    openingHoursSpecification: business.hours.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.days.map((d) => `https://schema.org/${SCHEMA_DAYS[d]}`),
      opens: h.opens,
      closes: h.closes,
    })),
    hasCredential: business.licences.map((l) => ({
      '@type': 'EducationalOccupationalCredential',
      credentialCategory: l.kind,
      identifier: l.number,
      recognizedBy: { '@type': 'Organization', name: l.authority },
    })),
    ...(business.same_as?.length ? { sameAs: business.same_as } : {}),
    ...(rating.review_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.rating_value,
            reviewCount: rating.review_count,
            bestRating: rating.best_rating,
            worstRating: rating.worst_rating,
          },
          review: shown.map((r) => reviewJsonLd(r, base)),
        }
      : {}),
  };
}

function reviewJsonLd(review: Review, base: string): Record<string, unknown> {
  return {
    '@type': 'Review',
    '@id': base + reviewPermalink(review),
    url: base + reviewPermalink(review),
    author: { '@type': 'Person', name: review.author },
    datePublished: review.date,
    ...(review.text ? { reviewBody: review.text } : {}),
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    ...(review.source_url ? { sameAs: review.source_url } : {}),
  };
}

/**
 * JSON for the inside of a `<script type="application/ld+json">`: the HTML parser ends the element
 * at the first `</script` and treats `<!--` specially, whatever JSON thinks of them, so `<`, `>`
 * and `&` are written as JSON escapes (the same string to a JSON parser). U+2028/2029 too, for
 * readers that evaluate it as JavaScript.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
