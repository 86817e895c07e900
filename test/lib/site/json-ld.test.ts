import { describe, expect, it } from 'vitest';
import { aggregateRating } from '../../../src/lib/aggregate-rating.ts';
import { businessJsonLd, serializeJsonLd } from '../../../src/lib/site/json-ld.ts';
import type { ReviewsDataset } from '../../../src/schemas/reviews-dataset.ts';
import { makeReview } from '../../support/review.ts';

const HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(1)> & "quotes" <!-- \u2028';

const reviews = [
  makeReview({ id: '01JA0000000000000000000002', author: '</script>Eve', rating: 4, date: '2025-03-10', text: HOSTILE }),
  makeReview({
    id: '01JA0000000000000000000001',
    author: 'Dana',
    rating: 5,
    date: '2025-02-01',
    text: null,
    source_url: 'https://g.page/r/x',
  }),
];
const dataset: ReviewsDataset = {
  business: {
    id: 'acme',
    name: 'Acme & Sons',
    description: 'Electricians',
    url: 'https://acme.example',
    telephone: '+1-555-0100',
    email: 'office@acme.example',
    address: { street_address: '1 Main St', locality: 'Town', region: 'WA', postal_code: '98000', country: 'US' },
    hours: [{ days: ['Mo', 'Tu'], opens: '07:00', closes: '17:00' }],
    licences: [],
    same_as: ['https://www.yelp.com/biz/acme'],
    service_areas: ['Town'],
    services: [],
    technicians: [],
  },
  aggregate_rating: aggregateRating(reviews),
  reviews,
};

describe('businessJsonLd', () => {
  const ld = businessJsonLd(dataset, 'https://reviews.example', reviews);

  it('describes the business as an Electrician with its address, hours, area, telephone and profiles', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Electrician',
      name: 'Acme & Sons',
      url: 'https://acme.example',
      telephone: '+1-555-0100',
      address: { '@type': 'PostalAddress', streetAddress: '1 Main St', addressLocality: 'Town', addressCountry: 'US' },
      areaServed: [{ '@type': 'Place', name: 'Town' }],
      openingHoursSpecification: [
        { dayOfWeek: ['https://schema.org/Monday', 'https://schema.org/Tuesday'], opens: '07:00', closes: '17:00' },
      ],
      sameAs: ['https://www.yelp.com/biz/acme'],
      aggregateRating: { ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
    });
  });

  it('lists only the reviews the page shows, each with its permalink', () => {
    const one = businessJsonLd(dataset, 'https://reviews.example', reviews.slice(0, 1));
    expect(one.review).toEqual([
      {
        '@type': 'Review',
        '@id': 'https://reviews.example/reviews/2025-03/#review-01JA0000000000000000000002',
        url: 'https://reviews.example/reviews/2025-03/#review-01JA0000000000000000000002',
        author: { '@type': 'Person', name: '</script>Eve' },
        datePublished: '2025-03-10',
        reviewBody: HOSTILE,
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ]);
  });

  it('claims no rating for a business without reviews', () => {
    const empty = businessJsonLd({ ...dataset, reviews: [], aggregate_rating: aggregateRating([]) }, 'https://r.example', []);
    expect(empty).not.toHaveProperty('aggregateRating');
    expect(empty).not.toHaveProperty('review');
  });
});

describe('serializeJsonLd', () => {
  it('writes no character that could end the script element or open a comment, and parses back to the same data', () => {
    const data = businessJsonLd(dataset, 'https://reviews.example', reviews);
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});
