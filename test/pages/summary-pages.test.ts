import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isWholeClause } from '../../src/lib/insights/quotes.ts';
import { aspectPath, topicPath } from '../../src/lib/site/permalinks.ts';
import type { Insights } from '../../src/schemas/insights.ts';
import type { Review } from '../../src/schemas/review.ts';
import { SAMPLE_DIST } from '../support/paths.ts';

/** The built /summary/ and its aspect and topic pages, read as HTML files (site.test.ts validates and crawls them). */
const client = join(SAMPLE_DIST, 'client');
const read = (path: string): string => readFileSync(join(client, path, 'index.html'), 'utf8');
const insights = JSON.parse(readFileSync(join(client, 'insights.json'), 'utf8')) as Insights;
const reviews = (JSON.parse(readFileSync(join(client, 'reviews.json'), 'utf8')) as { reviews: Review[] }).reviews;
const byId = new Map(reviews.map((r) => [r.id, r]));

const decode = (s: string): string =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Each `<q>` of a page with the review its date link points to. */
function pageQuotes(html: string): { text: string; id: string }[] {
  return [...html.matchAll(/<q>([\s\S]*?)<\/q>\s*<a href="[^"#]*#review-([0-9A-Z]+)"/g)].map((m) => ({ text: decode(m[1]!), id: m[2]! }));
}

describe('/summary/ and its pages', () => {
  const summary = read('summary');

  it('puts the prose and the reasons first and the figures under "Show the numbers"', () => {
    const order = ['class="lead"', 'id="reasons"', 'id="topics"', 'id="faq"', '<summary>Show the numbers</summary>'].map((s) =>
      summary.indexOf(s),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Every table is inside the folded numbers and scrolls by keyboard.
    const numbers = summary.indexOf('<details');
    expect([...summary.matchAll(/<table/g)].every((m) => m.index! > numbers)).toBe(true);
    expect(
      [...summary.matchAll(/<section class="table-wrap"([^>]*)>/g)].every((m) => /tabindex="0"/.test(m[1]!) && /aria-label=/.test(m[1]!)),
    ).toBe(true);
  });

  it("writes dates in words and names no model, and shows each entity row's negatives", () => {
    const text = decode(summary);
    expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(text).not.toContain(insights.model.name);
    expect(text).not.toContain('Text reads');
    expect(summary).toContain('<th scope="col" class="num">Read negative</th>');
    // "Based on reviews of: date , date" had floating separators: dates hold commas, so semicolons follow each date directly.
    expect(decode(summary)).toMatch(/Based on reviews of: (?:review of )?\w+ \d{1,2}, \d{4}; (?:review of )?\w+/);
    expect(summary).not.toMatch(/<\/a>\s+[;,]/);
  });

  it('links a page for every aspect mentioned and every topic, each listing its reviews', () => {
    for (const aspect of insights.aspects.filter((a) => a.mention_count > 0)) {
      expect(summary).toContain(`href="${aspectPath(aspect.id)}"`);
      const page = read(aspectPath(aspect.id));
      expect([...page.matchAll(/<article class="review"/g)], aspect.id).toHaveLength(aspect.mention_count);
    }
    for (const topic of insights.topics) {
      expect(summary).toContain(`href="${topicPath(topic.id)}"`);
      const page = read(topicPath(topic.id));
      expect([...page.matchAll(/<article class="review"/g)], topic.id).toHaveLength(topic.review_count);
      // The sentences that say it, with the words marked.
      for (const q of topic.quotes.filter((x) => x.highlight)) expect(decode(page), topic.id).toContain(q.text);
      if (topic.quotes.some((x) => x.highlight)) expect(page, topic.id).toContain('<mark>');
    }
  });

  it('shows only quotes that are whole clauses of five words or more, on every page', () => {
    const paths = [
      'summary',
      ...insights.aspects.filter((a) => a.mention_count > 0).map((a) => aspectPath(a.id)),
      ...insights.topics.map((t) => topicPath(t.id)),
    ];
    let count = 0;
    for (const path of paths) {
      for (const q of pageQuotes(read(path))) {
        count++;
        expect(isWholeClause(q.text, byId.get(q.id)?.text ?? ''), `${path}: “${q.text}”`).toBe(true);
      }
    }
    expect(count).toBeGreaterThan(100);
  });
});
