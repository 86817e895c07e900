import { describe, expect, it } from 'vitest';
import { ContentError } from '../../src/lib/content-error.ts';
import type { ReviewEntry } from '../../src/lib/content/review-file.ts';
import { buildReviewsDataset, type SiteContent } from '../../src/lib/reviews-dataset.ts';
import { ReviewFileSchema } from '../../src/schemas/review.ts';
import { ACME, reviewId } from '../support/business.ts';

function entry(file: string, data: Record<string, unknown>, body = 'Good work.'): ReviewEntry {
  return {
    file,
    body,
    data: ReviewFileSchema.parse({ author: 'A. B.', rating: 5, source: 'google', verified: true, ...data }),
  };
}

const base: Omit<SiteContent, 'reviews'> = {
  business: ACME,
  technicians: [{ name: 'Ana Lima', aliases: [] }],
  services: [{ id: 'panel-upgrade', label: 'Panel upgrade', synonyms: [] }],
  serviceAreas: [{ name: 'Tacoma', aliases: [] }],
};

describe('buildReviewsDataset', () => {
  it("publishes the business's facts but not what only the build reads (time zone, office staff)", () => {
    const { dataset } = buildReviewsDataset({
      ...base,
      business: { ...ACME, office_staff: [{ name: 'Dee Carter', role: 'Scheduler', aliases: ['Dee'] }] },
      reviews: [entry('a.md', { id: reviewId(1), date: '2025-01-01' })],
    });
    expect(dataset.business.name).toBe('Acme Electric');
    expect(dataset.business).not.toHaveProperty('office_staff');
    expect(dataset.business).not.toHaveProperty('timezone');
  });
  it('orders newest first, by date then id, and recomputes the aggregate rating', () => {
    const { dataset } = buildReviewsDataset({
      ...base,
      reviews: [
        entry('a.md', { id: reviewId(1), date: '2025-01-01', rating: 5 }),
        entry('b.md', { id: reviewId(3), date: '2024-01-01', rating: 2 }),
        entry('c.md', { id: reviewId(2), date: '2025-01-01', rating: 4 }),
      ],
    });
    expect(dataset.reviews.map((r) => r.id)).toEqual([reviewId(2), reviewId(1), reviewId(3)]);
    expect(dataset.aggregate_rating).toEqual({
      rating_value: 3.67,
      review_count: 3,
      best_rating: 5,
      worst_rating: 1,
      distribution: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 1 },
    });
  });

  it('leaves unverified reviews out with a warning naming the file', () => {
    const built = buildReviewsDataset({
      ...base,
      reviews: [
        entry('a.md', { id: reviewId(1), date: '2025-01-01' }),
        entry('x.md', { id: reviewId(2), date: '2025-01-01', verified: false }),
      ],
    });
    expect(built.dataset.reviews.map((r) => r.id)).toEqual([reviewId(1)]);
    expect(built.warnings).toEqual(['x.md: skipped, the review is not verified (verified: false)']);
  });

  it('reports place names that match no service area, with their review counts, and never guesses an area from them', () => {
    const built = buildReviewsDataset({
      ...base,
      serviceAreas: [{ name: 'Tacoma', aliases: ['Hilltop'] }],
      reviews: [
        entry('a.md', { id: reviewId(1), date: '2025-01-01' }, "We're out past Purdy and they still came. Ana Lima was great."),
        entry('b.md', { id: reviewId(2), date: '2025-01-02' }, 'Our place out toward the Key Peninsula, and another job near Purdy.'),
        entry(
          'c.md',
          { id: reviewId(3), date: '2025-01-03' },
          'A fourplex on the Hilltop, done in January by Ana from Puget Sound Energy referral.',
        ),
        entry('d.md', { id: reviewId(4), date: '2025-01-04' }, 'Our small church on the Eastside needed new lights, on Monday.'),
      ],
    });
    expect(built.warnings).toEqual([
      'place names in reviews that match no service area (reviews): Purdy (2), Eastside (1), Key Peninsula (1); add each as an alias of the area it is in (content/service-areas.json), or leave it if it is in none',
    ]);
    expect(built.dataset.reviews.map((r) => r.service_area)).toEqual([null, null, null, null]);
  });

  it('publishes an empty body as a rating-only review with null text', () => {
    const { dataset } = buildReviewsDataset({ ...base, reviews: [entry('a.md', { id: reviewId(1), date: '2025-01-01' }, '\n  \n')] });
    expect(dataset.reviews[0]).toMatchObject({ text: null, technicians: [], services: [] });
  });

  it('lets a file override the derived mentions', () => {
    const { dataset } = buildReviewsDataset({
      ...base,
      reviews: [entry('a.md', { id: reviewId(1), date: '2025-01-01', technicians: ['Ana Lima'], services: [] }, 'A panel upgrade.')],
    });
    expect(dataset.reviews[0]).toMatchObject({ technicians: ['Ana Lima'], services: [] });
  });

  it('fails on every cross-file problem at once, naming file, field and reason', () => {
    const build = () =>
      buildReviewsDataset({
        ...base,
        reviews: [
          entry('content/reviews/a.md', { id: reviewId(1), date: '2025-01-01' }),
          entry('content/reviews/b.md', {
            id: reviewId(1),
            date: '2025-01-02',
            technicians: ['Nobody'],
            services: ['rewiring'],
            service_area: 'Mars',
            owner_reply: { text: 'Thanks', date: '2024-12-31' },
          }),
        ],
      });
    expect(build).toThrow(ContentError);
    expect(build).toThrowErrorMatchingInlineSnapshot(`
      [ContentError: Content has 5 problems:
        content/reviews/b.md: id: "01JA0000000000000000000001" is already the id of content/reviews/a.md; every review needs its own id
        content/reviews/b.md: technicians: "Nobody" is not on the roster (Ana Lima)
        content/reviews/b.md: services: "rewiring" is not a service id of content/services.json
        content/reviews/b.md: service_area: "Mars" is not a service area (Tacoma)
        content/reviews/b.md: owner_reply.date: the reply (2024-12-31) is dated before the review (2025-01-02)]
    `);
  });

  it('rejects a roster where two technicians share an alias', () => {
    expect(() =>
      buildReviewsDataset({
        ...base,
        technicians: [
          { name: 'Ana Lima', aliases: ['AL'] },
          { name: 'Al Smith', aliases: ['al'] },
        ],
        reviews: [],
      }),
    ).toThrow(/technicians.json: aliases: "al" appears twice/);
  });
});
