import { describe, expect, it } from 'vitest';
import { aggregateRating } from '../../../src/lib/aggregate-rating.ts';
import { BADGE, buildBadge } from '../../../src/lib/widget/badge.ts';
import { filledWidth } from '../../../src/lib/widget/stars.ts';
import { verdanaWidth } from '../../../src/lib/widget/text-width.ts';
import type { AggregateRating } from '../../../src/schemas/reviews-dataset.ts';
import { readSvg } from '../../support/svg.ts';

/** The aggregate of `counts[i]` reviews rated i + 1. */
const ratings = (...counts: number[]) => aggregateRating(counts.flatMap((n, i) => Array.from({ length: n }, () => ({ rating: i + 1 }))));
const figures = (rating_value: number, review_count: number): AggregateRating => ({ ...ratings(1), rating_value, review_count });
const badgeOf = (aggregate: AggregateRating) => readSvg(buildBadge(aggregate).svg);

describe('buildBadge', () => {
  it('is well-formed XML with role="img", a fixed size equal to its viewBox, and the sentence as <title>', () => {
    const badge = buildBadge(ratings(0, 0, 0, 68, 272)); // 340 reviews, mean 4.8
    const svg = readSvg(badge.svg);
    expect(svg.role).toBe('img');
    expect(svg.title).toBe('Rated 4.8 out of 5 from 340 reviews');
    expect(badge.label).toBe(svg.title);
    expect([svg.width, svg.height]).toEqual([badge.width, badge.height]);
    expect(svg.height).toBe(BADGE.height);
    expect(Number.isInteger(svg.width)).toBe(true);
    expect(svg.viewBox).toBe(`0 0 ${svg.width} ${svg.height}`);
    expect(svg.texts.map((t) => t.text)).toEqual(['4.8', '340 reviews']);
  });

  it('shows the mean with the decimals /reviews.json gives it, and counts with separators and the right plural', () => {
    expect(badgeOf(ratings(21, 10, 17, 41, 253)).title).toBe('Rated 4.45 out of 5 from 342 reviews');
    expect(badgeOf(ratings(0, 0, 0, 0, 1)).texts.map((t) => t.text)).toEqual(['5', '1 review']);
    expect(badgeOf(figures(3.14, 1_234_567)).title).toBe('Rated 3.14 out of 5 from 1,234,567 reviews');
  });

  it('says "No reviews yet" with no star painted for a business without reviews', () => {
    const svg = badgeOf(ratings());
    expect(svg.title).toBe('No reviews yet');
    expect(svg.texts.map((t) => t.text)).toEqual(['No reviews yet']);
    expect(svg.clipWidth).toBe(BADGE.padding);
  });

  it('keeps one size from no review to 9,999, so a snippet written today stays right', () => {
    const sizes = new Set(
      [ratings(), ratings(1), figures(4.8, 340), figures(4.45, 342), figures(5, 9_999), figures(1.23, 1_000)].map(
        (a) => buildBadge(a).width,
      ),
    );
    expect([...sizes]).toEqual([248]); // docs/widget.md and the README's snippet say 248 x 28
    expect(buildBadge(figures(4.8, 12_345)).width).toBeGreaterThan([...sizes][0]!);
  });

  it('gives every text at least its Verdana width, in order, inside the badge: nothing overlaps or clips', () => {
    for (const aggregate of [ratings(), ratings(0, 0, 0, 0, 1), ratings(21, 10, 17, 41, 253), figures(4.44, 99_999_999)]) {
      const svg = badgeOf(aggregate);
      let end = BADGE.padding + 5 * BADGE.stars.size + 4 * BADGE.stars.gap;
      for (const [i, t] of svg.texts.entries()) {
        const bold = svg.texts.length === 2 && i === 0;
        expect(t.textLength).toBeGreaterThanOrEqual(verdanaWidth(t.text, bold ? BADGE.valueSize : BADGE.countSize, bold));
        expect(t.x).toBeGreaterThanOrEqual(end + BADGE.space);
        end = t.x + t.textLength;
      }
      expect(end + BADGE.padding).toBeLessThanOrEqual(svg.width);
    }
  });

  it('paints whole stars and the fraction of the next one', () => {
    const { stars, padding } = BADGE;
    const step = stars.size + stars.gap;
    expect(badgeOf(ratings(0, 0, 0, 68, 272)).clipWidth).toBeCloseTo(padding + 4 * step + 0.8 * stars.size, 2);
    expect(badgeOf(ratings(1)).clipWidth).toBe(padding + step);
    expect(filledWidth(5, stars)).toBe(5 * stars.size + 4 * stars.gap);
    expect(filledWidth(2.5, stars)).toBe(2 * step + stars.size / 2);
  });

  it('carries light and dark colours in an internal stylesheet, and nothing that runs or loads', () => {
    const xml = buildBadge(ratings(0, 0, 1, 2, 3)).svg;
    expect(xml).toMatch(/<style>[^<]*@media \(prefers-color-scheme:dark\)\{[^<]*\}<\/style>/);
    expect(badgeOf(ratings(0, 0, 1, 2, 3)).elements.filter((name) => ['script', 'foreignObject', 'image', 'a'].includes(name))).toEqual([]);
    expect(xml).not.toMatch(/\bon\w+=|javascript:|url\((?!#)/i);
  });

  it('stays under 4 KB with the longest figures', () => {
    expect(Buffer.byteLength(buildBadge(figures(4.44, 99_999_999)).svg)).toBeLessThan(4096);
  });
});
