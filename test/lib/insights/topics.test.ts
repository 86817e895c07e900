import { describe, expect, it } from 'vitest';
import { buildInsights } from '../../../src/lib/insights/index.ts';
import { extractTerms, stem } from '../../../src/lib/insights/terms.ts';
import { tokenize } from '../../../src/lib/insights/tokenize.ts';
import { InsightsSchema, type Topic } from '../../../src/schemas/insights.ts';
import { review } from './fixture.ts';
import { CORPUS, CORPUS_INPUT, THEMES, themeOf, type Theme } from './topic-corpus.ts';

const insights = buildInsights(CORPUS_INPUT);

/** The topic whose examples all come from one theme of the corpus. */
function topicFor(theme: Theme): Topic {
  const found = insights.topics.filter((t) => t.example_review_ids.every((id) => themeOf(id) === theme));
  expect(found, `one topic for ${theme}`).toHaveLength(1);
  return found[0]!;
}

describe('extractTerms', () => {
  // The caller excludes names and opinion words (see createAnalysisContext).
  const terms = (text: string): string[] => extractTerms(text, tokenize(text), new Set(['tomás', 'great'])).keys;

  it('cuts runs of content words into one- to three-word phrases keyed by stems', () => {
    expect(terms('Our EV charger kept tripping the breakers.')).toEqual(
      expect.arrayContaining(['ev', 'charger', 'ev charger', 'kept trip', 'trip', 'breaker', 'kept trip breaker']),
    );
  });
  it('lets "breakers tripped" and "breaker tripping" meet in one key', () => {
    expect(stem('tripped')).toBe(stem('tripping'));
    expect(stem('breakers')).toBe(stem('breaker'));
    expect(stem('wiring')).toBe(stem('wires'));
  });
  it('reads "failed the city inspection" as a "failed inspection" too', () => {
    expect(terms('We failed the city inspection.')).toEqual(
      expect.arrayContaining(['fail', 'inspection', 'fail city inspection', 'fail inspection']),
    );
  });
  it('keeps generic words, opinions and excluded names out, and weak words only inside a phrase', () => {
    const keys = terms('Tomás did a great job on the house, same day, and the work was done.');
    expect(keys).toEqual(['sam day']);
    expect(terms('Lost power for a day.')).toEqual(['lost power']);
  });
  it('remembers how each phrase was written, acronyms in capitals', () => {
    const text = 'Our EV charger works.';
    const { keys, surfaces } = extractTerms(text, tokenize(text), new Set());
    expect(surfaces[keys.indexOf('ev charger')]).toBe('EV charger');
  });
});

describe('topics on a hand-made corpus with four obvious themes', () => {
  it('passes the schema and finds exactly the four themes', () => {
    expect(() => InsightsSchema.parse(insights)).not.toThrow();
    expect(insights.topics).toHaveLength(4);
  });

  it.each([
    ['ev', /EV charger/],
    ['storm', /generator.*storm|storm.*generator/],
    ['inspection', /inspection/],
    ['tripping', /kept tripping/],
  ] as const)('names the %s theme by its phrases (%s)', (theme, label) => {
    const topic = topicFor(theme);
    expect(topic.label).toMatch(label);
    expect(topic.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(topic.terms.length).toBeGreaterThanOrEqual(2);
  });

  it('counts most of each theme and little else', () => {
    for (const theme of ['ev', 'storm', 'inspection', 'tripping'] as const) {
      const topic = topicFor(theme);
      expect(topic.review_count).toBeGreaterThanOrEqual(THEMES[theme].length - 1);
      expect(topic.review_count).toBeLessThanOrEqual(THEMES[theme].length + 2);
    }
  });

  it('never makes a theme of generic words, the business name or a technician', () => {
    const words = insights.topics
      .flatMap((t) => [t.label, ...t.terms])
      .join(' ')
      .toLowerCase();
    for (const generic of ['job', 'great', 'work', 'professional', 'harbor', 'pine', 'tomás', 'thank'])
      expect(words).not.toContain(generic);
  });

  it('lists the themes with most reviews first and gives their ratings and sentiment', () => {
    const counts = insights.topics.map((t) => t.review_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const t of insights.topics) {
      expect(t.example_review_ids).toHaveLength(3);
      expect(t.average_rating).toBeGreaterThanOrEqual(4);
      expect(t.sentiment).not.toBeNull();
    }
  });

  it('names the top themes in the summary by their labels', () => {
    const [first, second, third] = insights.topics;
    expect(insights.summary).toContain(
      `The themes reviews come back to most are ${first!.label} (${first!.review_count} reviews), ${second!.label}`,
    );
    expect(insights.summary).toContain(`and ${third!.label} (${third!.review_count} reviews).`);
  });

  it('picks the most typical reviews as examples, not the newest one that mentions the theme in passing', () => {
    const passing = review({
      id: 'ev-passing',
      rating: 5,
      date: '2024-12-31',
      text:
        'We had a long list of small things done around the place this spring, from a doorbell and a bathroom vent ' +
        'to a porch fan, some dimmers upstairs, a few outdoor lights, and at the very end also an EV charger.',
    });
    const withPassing = buildInsights({ ...CORPUS_INPUT, reviews: [...CORPUS, passing] });
    const ev = withPassing.topics.find((t) => /EV charger/.test(t.label))!;
    expect(ev.review_count).toBe(topicFor('ev').review_count + 1);
    expect(ev.example_review_ids).not.toContain('ev-passing');
    // The first example uses the label's phrases most densely.
    expect(THEMES.ev[Number(ev.example_review_ids[0]!.split('-')[1])]).toMatch(/EV charger.*EV charger|EV charger.*garage/);
  });

  it('is deterministic: the same bytes twice and whatever the order of the reviews', () => {
    expect(JSON.stringify(buildInsights(CORPUS_INPUT).topics)).toBe(JSON.stringify(insights.topics));
    const shuffled = [...CORPUS].sort((a, b) => (a.id.split('').reverse().join('') < b.id.split('').reverse().join('') ? -1 : 1));
    expect(JSON.stringify(buildInsights({ ...CORPUS_INPUT, reviews: shuffled }))).toBe(JSON.stringify(insights));
  });

  it('finds no theme in generic praise alone', () => {
    const generic = CORPUS.filter((r) => themeOf(r.id) === 'generic');
    expect(
      buildInsights({ ...CORPUS_INPUT, reviews: [...generic, ...generic.map((r) => ({ ...r, id: `${r.id}-again` }))] }).topics,
    ).toEqual([]);
  });
});
