import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aggregateRating } from '../../src/lib/aggregate-rating.ts';
import { compareNewestFirst } from '../../src/lib/order.ts';
import { JsonFeedSchema } from '../../src/schemas/json-feed.ts';
import { ReviewsDatasetSchema } from '../../src/schemas/reviews-dataset.ts';
import { FIXTURE_DIST, SAMPLE_DIST } from '../support/paths.ts';

async function artifacts(dist: string) {
  const client = join(dist, 'client');
  const dataset = ReviewsDatasetSchema.parse(JSON.parse(await readFile(join(client, 'reviews.json'), 'utf8')));
  const jsonFeed = JsonFeedSchema.parse(JSON.parse(await readFile(join(client, 'api/feed.json'), 'utf8')));
  const atom = await readFile(join(client, 'feed.xml'), 'utf8');
  return { dataset, jsonFeed, atom };
}

const sample = await artifacts(SAMPLE_DIST);
const fixture = await artifacts(FIXTURE_DIST);

describe('the sample business', () => {
  const { dataset } = sample;
  const years = (Date.parse(dataset.reviews[0]!.date) - Date.parse(dataset.reviews.at(-1)!.date)) / (365.25 * 86_400_000);

  it('is a realistic electrical contractor: 300+ reviews over 3+ years, 6+ technicians, 15+ services, 10+ areas', () => {
    expect(dataset.reviews.length).toBeGreaterThanOrEqual(300);
    expect(years).toBeGreaterThanOrEqual(3);
    expect(dataset.business.technicians.length).toBeGreaterThanOrEqual(6);
    expect(dataset.business.services.length).toBeGreaterThanOrEqual(15);
    expect(dataset.business.service_areas.length).toBeGreaterThanOrEqual(10);
  });

  it('has mostly 5 stars, real low ratings, rating-only reviews, owner replies and several sources', () => {
    const { distribution } = dataset.aggregate_rating;
    expect(distribution['5'] / dataset.reviews.length).toBeGreaterThan(0.6);
    expect(distribution['1'] + distribution['2'] + distribution['3']).toBeGreaterThanOrEqual(20);
    expect(dataset.reviews.filter((r) => r.text === null).length).toBeGreaterThanOrEqual(5);
    expect(dataset.reviews.filter((r) => r.owner_reply !== null).length).toBeGreaterThanOrEqual(30);
    expect(new Set(dataset.reviews.map((r) => r.source)).size).toBeGreaterThanOrEqual(4);
  });

  it('derives technician and service mentions for most written reviews', () => {
    const written = dataset.reviews.filter((r) => r.text !== null);
    expect(written.filter((r) => r.technicians.length > 0).length / written.length).toBeGreaterThan(0.4);
    expect(written.filter((r) => r.services.length > 0).length / written.length).toBeGreaterThan(0.6);
  });
});

describe('/reviews.json', () => {
  for (const [name, { dataset }] of Object.entries({ sample, fixture })) {
    it(`${name}: aggregate rating is recomputed from the published reviews`, () => {
      expect(dataset.aggregate_rating).toEqual(aggregateRating(dataset.reviews));
    });

    it(`${name}: reviews are newest first (date desc, then id desc) with unique ids`, () => {
      expect(dataset.reviews).toEqual([...dataset.reviews].sort(compareNewestFirst));
      expect(new Set(dataset.reviews.map((r) => r.id)).size).toBe(dataset.reviews.length);
    });
  }

  it('fixture: matches the hand-checked values', () => {
    const { dataset } = fixture;
    expect(dataset.reviews.map((r) => r.author)).toEqual([
      'Mike T.',
      'Dana K.',
      'Café Owner',
      'Zoë P.',
      '<img src=x onerror=alert(2)> "Eve" & Co',
      'R. Patel',
      'Jen',
    ]);
    expect(dataset.aggregate_rating).toEqual({
      rating_value: 3.43,
      review_count: 7,
      best_rating: 5,
      worst_rating: 1,
      distribution: { '1': 1, '2': 1, '3': 1, '4': 2, '5': 2 },
    });
    const byAuthor = Object.fromEntries(dataset.reviews.map((r) => [r.author, r]));
    expect(byAuthor['Dana K.']).toMatchObject({
      technicians: ['Ana Lima'],
      services: ['panel-upgrade'],
      source_url: 'https://g.page/r/fixture/review?rid=1',
    });
    expect(byAuthor['Mike T.']).toMatchObject({
      technicians: ['Ben Ode'],
      services: ['ev-charger-installation'],
      owner_reply: { text: 'Thanks Mike, glad the charger works.', date: '2025-03-12' },
    });
    // "Ben" alone is shared by two technicians and the review names neither fully: it means both.
    expect(byAuthor['Zoë P.']).toMatchObject({
      technicians: ['Ben Carter', 'Ben Ode'],
      services: ['circuit-breaker-repair'],
      service_area: null,
    });
    expect(byAuthor['Café Owner']).toMatchObject({ technicians: ['Ben Carter'], services: ['circuit-breaker-repair'] });
    expect(byAuthor['R. Patel']).toMatchObject({ text: null, technicians: [], services: [] });
    expect(byAuthor['Jen']).toMatchObject({ technicians: ['Ana Lima', 'Ben Ode'], services: ['panel-upgrade'] });
    expect(dataset.business.technicians.map((t) => t.name)).toEqual(['Ana Lima', 'Ben Ode', 'Ben Carter']);
    expect(dataset.business.services).toEqual([
      { id: 'panel-upgrade', label: 'Panel upgrade' },
      { id: 'ev-charger-installation', label: 'EV charger installation' },
      { id: 'circuit-breaker-repair', label: 'Circuit breaker repair' },
    ]);
  });
});

describe('the feeds', () => {
  it('hold the 50 newest reviews, in the same order as /reviews.json', () => {
    const { dataset, jsonFeed, atom } = sample;
    const newest = dataset.reviews.slice(0, 50).map((r) => r.id);
    expect(jsonFeed.items.map((i) => i.id)).toEqual(newest);
    const atomIds = [...atom.matchAll(/<entry>\s*<title[^>]*>[\s\S]*?<id>[^<]*#review-([0-9A-Z]{26})<\/id>/g)].map((m) => m[1]);
    expect(atomIds).toEqual(newest);
  });

  it('JSON Feed 1.1 names its version, hub, feed URL and carries each full review', () => {
    const { dataset, jsonFeed } = sample;
    expect(jsonFeed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(jsonFeed.hubs).toEqual([{ type: 'WebSub', url: 'http://localhost:4321/api/websub/hub' }]);
    expect(jsonFeed.feed_url).toBe('http://localhost:4321/api/feed.json');
    expect(jsonFeed.items[0]?._review).toEqual(dataset.reviews[0]);
  });

  it('Atom links itself and the hub, and dates come from the content', () => {
    const { atom, dataset } = sample;
    expect(atom).toContain('<link rel="self" href="http://localhost:4321/feed.xml"/>');
    expect(atom).toContain('<link rel="hub" href="http://localhost:4321/api/websub/hub"/>');
    const latest = dataset.reviews
      .slice(0, 50)
      .flatMap((r) => [r.date, r.owner_reply?.date ?? r.date])
      .sort()
      .at(-1);
    expect(atom).toMatch(new RegExp(`<feed[\\s\\S]*?<updated>${latest}T00:00:00.000Z</updated>`));
  });

  it('escapes review text in Atom so markup in a review is shown, not run', () => {
    const { atom } = fixture;
    expect(atom).toContain('The café’s lights flicker less now');
    expect(atom).not.toMatch(/<script/i);
  });
});
