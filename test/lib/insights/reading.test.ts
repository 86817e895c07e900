import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMERGENCY_JOB, isYesNoQuestion } from '../../../src/lib/insights/faq.ts';
import { quantifier } from '../../../src/lib/insights/quantifiers.ts';
import { isWholeClause } from '../../../src/lib/insights/quotes.ts';
import { monthInWords } from '../../../src/lib/insights/wording.ts';
import type { Insights } from '../../../src/schemas/insights.ts';
import type { Review } from '../../../src/schemas/review.ts';
import { FIXTURE_DIST, SAMPLE_DIST } from '../../support/paths.ts';

/**
 * What a reader reads in the built `/insights.json`, checked against the
 * reviews it was built from (`/reviews.json`): the quotes, the summary's
 * numbers and the FAQ answers (docs/insights.md, "What people read").
 */
function load(dist: string): { insights: Insights; reviews: Map<string, Review> } {
  const insights = JSON.parse(readFileSync(join(dist, 'client/insights.json'), 'utf8')) as Insights;
  const dataset = JSON.parse(readFileSync(join(dist, 'client/reviews.json'), 'utf8')) as { reviews: Review[] };
  return { insights, reviews: new Map(dataset.reviews.map((r) => [r.id, r])) };
}

interface Shown {
  where: string;
  text: string;
  /** The review it must come from; null when any cited review may hold it (an FAQ answer cites several). */
  reviewIds: string[];
}

/** Every review quote shown to a reader: reasons, the office, topics, FAQ answers, the pull quote. */
function quotesShown(insights: Insights): Shown[] {
  const shown: Shown[] = [];
  for (const a of insights.aspects)
    for (const r of a.reasons) for (const q of r.quotes) shown.push({ where: `${a.id}/${r.id}`, text: q.text, reviewIds: [q.review_id] });
  for (const r of insights.entities.office.reasons)
    for (const q of r.quotes) shown.push({ where: `office/${r.id}`, text: q.text, reviewIds: [q.review_id] });
  for (const t of insights.topics) for (const q of t.quotes) shown.push({ where: `topic ${t.id}`, text: q.text, reviewIds: [q.review_id] });
  for (const f of insights.faq) for (const text of quotedIn(f.answer)) shown.push({ where: `faq ${f.id}`, text, reviewIds: f.review_ids });
  if (insights.pull_quote) shown.push({ where: 'pull quote', text: insights.pull_quote.text, reviewIds: [insights.pull_quote.review_id] });
  return shown;
}

/** The texts between curly quotes (“…”), which is how answers and the summary quote. */
function quotedIn(text: string): string[] {
  return [...text.matchAll(/“([^”]*)”/g)].map((m) => m[1]!);
}

describe.each([
  ['the sample business', SAMPLE_DIST],
  ['the fixture business', FIXTURE_DIST],
])('what a reader reads in the built insights of %s', (_name, dist) => {
  const { insights, reviews } = load(dist);

  it('shows only quotes that are whole clauses or sentences of five words or more, from the review cited', () => {
    const shown = quotesShown(insights);
    if (dist === SAMPLE_DIST) expect(shown.length).toBeGreaterThan(100);
    for (const q of shown) {
      const holds = q.reviewIds.some((id) => isWholeClause(q.text, reviews.get(id)?.text ?? ''));
      expect(holds, `${q.where}: “${q.text}”`).toBe(true);
    }
  });

  it('quotes for a polarity only reviews that judge the aspect that way', () => {
    for (const a of insights.aspects)
      for (const r of a.reasons)
        for (const q of r.quotes) expect(insights.per_review[q.review_id]!.aspects.find((x) => x.id === a.id)?.polarity).toBe(r.polarity);
    for (const t of insights.topics.filter((x) => x.kind === 'experience'))
      for (const q of t.quotes) expect(insights.per_review[q.review_id]!.aspects.find((x) => x.id === t.aspect)?.polarity).toBe(t.polarity);
  });

  it('keeps the summary as its sentences joined, four to six of them, with dates in words and no model name', () => {
    expect(insights.summary).toBe(insights.summary_sentences.map((s) => s.text).join(' '));
    expect(insights.summary_sentences.length).toBeGreaterThanOrEqual(4);
    expect(insights.summary_sentences.length).toBeLessThanOrEqual(6);
    expect(insights.summary).not.toContain(insights.model.name);
    expect(insights.summary).not.toMatch(/\d{4}-\d{2}/);
    expect(insights.summary).not.toMatch(/%/);
    for (const s of insights.summary_sentences) for (const id of s.review_ids) expect(insights.per_review[id], id).toBeDefined();
  });

  it('recomputes every number of the summary from per_review (and the owner replies of /reviews.json)', () => {
    const all = Object.entries(insights.per_review);
    const ratings = all.map(([, p]) => p.rating);
    const written = all.filter(([, p]) => p.sentiment !== null);
    const critical = all.filter(([, p]) => p.rating <= 2);
    const answered = critical.filter(([id]) => reviews.get(id)?.owner_reply);
    const first = all.map(([, p]) => p.date).sort()[0]!;
    const words = (n: number): string =>
      n < 10 ? ['none', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'][n]! : n.toLocaleString('en-US');
    const overview = insights.summary_sentences[1]!.text;
    const positive = quantifier(written.filter(([, p]) => p.sentiment!.label === 'positive').length, written.length);
    expect(overview).toBe(
      `The ${words(all.length)} verified reviews since ${monthInWords(first)} give ${(ratings.reduce((a, b) => a + b, 0) / ratings.length).toFixed(1)} stars on average, and ${positive} of the written ones read positive.`,
    );
    // Every figure the summary states is one of these, and says what they say.
    const figures = new Set([
      words(all.length),
      (ratings.reduce((a, b) => a + b, 0) / ratings.length).toFixed(1),
      words(critical.length),
      words(answered.length),
    ]);
    const stated =
      insights.summary
        .replace(/“[^”]*”/g, '')
        .replace(/\b(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/g, '')
        .match(/\b\d[\d,.]*\d\b|\b\d\b|\b(?:one|two|three|four|five|six|seven|eight|nine)\b(?! stars)(?!-)/g) ?? [];
    for (const n of stated.filter((x) => !/^(?:one|two)$/.test(x) || !/one- and two-star/.test(insights.summary)))
      expect(figures, n).toContain(n);
    if (critical.length > 0)
      expect(insights.summary).toContain(
        `the owner answered ${words(answered.length)} of the ${words(critical.length)} one- and two-star reviews`,
      );
    // Each quantifier said of a reason is its count's word over the base the sentence names.
    for (const a of insights.aspects) {
      for (const r of a.reasons) {
        const forWritten = new RegExp(`(\\w+(?: few)?) (?:say|that) ${r.label}`).exec(insights.summary_sentences[2]!.text);
        if (forWritten) expect(forWritten[1]).toBe(quantifier(r.review_count, written.length));
        const forAspect = new RegExp(`(\\w+(?: few)?) (?:say|that) ${r.label}`).exec(insights.summary_sentences[3]!.text);
        if (forAspect && insights.summary_sentences[3]!.text.includes(`on the ${a.label.toLowerCase()}`))
          expect(forAspect[1]).toBe(quantifier(r.review_count, a.mention_count));
      }
    }
    expect(insights.reply_rate.critical).toBe(critical.length === 0 ? null : Math.round((answered.length / critical.length) * 1000) / 1000);
  });

  it('answers a "what" question with content, never a "Yes"', () => {
    for (const f of insights.faq) if (!isYesNoQuestion(f.question)) expect(f.answer, f.question).not.toMatch(/^(?:Yes|No)\b/);
  });

  it('uses no one template for six answers', () => {
    const openings = new Map<string, number>();
    for (const f of insights.faq) {
      const opening = f.answer.split(/\s+/).slice(0, 4).join(' ');
      openings.set(opening, (openings.get(opening) ?? 0) + 1);
    }
    expect(Math.max(0, ...openings.values())).toBeLessThan(6);
  });
});

describe("the sample business's answers, as the issue asked", () => {
  const { insights, reviews } = load(SAMPLE_DIST);
  const faq = (id: string) => insights.faq.find((f) => f.id === id)!;

  it('does not open "What do customers say about their panel upgrades?" with "Yes"', () => {
    expect(faq('panel-upgrades').answer).not.toMatch(/^Yes/);
    expect(quotedIn(faq('panel-upgrades').answer).length).toBeGreaterThan(0);
  });
  it('quotes emergency jobs in the emergency answer, not a patio job or a heat-pump quote', () => {
    const answer = faq('emergency');
    const quotes = quotedIn(answer.answer);
    expect(quotes.length).toBeGreaterThan(0);
    for (const q of quotes) {
      const from = answer.review_ids.map((id) => reviews.get(id)!).find((r) => r.text?.includes(q));
      expect(from, q).toBeDefined();
      expect(from!.text, q).toMatch(EMERGENCY_JOB);
    }
    expect(answer.answer).not.toMatch(/Fourth of July|heat pump/i);
  });
  it('says what customers say of Marcus, in their words, with a sentence that names him', () => {
    const answer = faq('marcus').answer;
    expect(answer).toMatch(/what they say of Marcus most often is that [^(]+ \(\w+ reviews?\)/);
    expect(quotedIn(answer).some((q) => /Marcus/.test(q))).toBe(true);
  });
  it('shows none of the fragments the issue found', () => {
    const everything = JSON.stringify({ ...insights, per_review: undefined });
    for (const fragment of ['“told me the”', '"told me the"', '"Window was 8"', '"30 every morning"'])
      expect(everything).not.toContain(fragment);
  });
});
