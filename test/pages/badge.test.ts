import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../functions/process/server.ts';
import type { ReviewsDataset } from '../../src/schemas/reviews-dataset.ts';
import { FIXTURE_DIST, SAMPLE_DIST } from '../support/paths.ts';
import { serve } from '../support/server.ts';
import { readSvg } from '../support/svg.ts';

describe.each([
  ['the sample business', SAMPLE_DIST],
  ['the fixture business', FIXTURE_DIST],
])('GET /badge.svg of %s', (_name, dist) => {
  let server: RunningServer;
  beforeAll(async () => (server = await serve(dist)));
  afterAll(() => server.close());

  it('is an SVG image whose figures are /reviews.json aggregate_rating', async () => {
    const response = await fetch(`${server.url}/badge.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = readSvg(await response.text());
    const { aggregate_rating: aggregate } = (await (await fetch(`${server.url}/reviews.json`)).json()) as ReviewsDataset;

    const match = /^Rated (\d(?:\.\d{1,2})?) out of 5 from ([\d,]+) reviews?$/.exec(svg.title);
    expect(match, svg.title).not.toBeNull();
    expect(Number(match![1])).toBe(aggregate.rating_value);
    expect(Number(match![2]!.replaceAll(',', ''))).toBe(aggregate.review_count);
    expect(svg.texts.map((t) => t.text)).toEqual([match![1], `${match![2]} review${aggregate.review_count === 1 ? '' : 's'}`]);
  });
});
