import { describe, expect, it } from 'vitest';
import { readSiteContent } from '../../../src/content/content-files.ts';
import { buildInsights } from '../../../src/lib/insights/index.ts';
import { buildReviewsDataset } from '../../../src/lib/reviews-dataset.ts';
import { loadContent } from '../../../scripts/insights.ts';

/**
 * Every evidence span the sample business publishes in `per_review` (issue 30):
 * short is fine, cut inside a phrase is not (docs/insights.md, "Evidence").
 */
describe('evidence spans of the sample business', async () => {
  const site = await readSiteContent('content');
  const { dataset } = buildReviewsDataset(site);
  const insights = buildInsights({ ...loadContent('content'), reviews: dataset.reviews });
  const texts = new Map(dataset.reviews.map((r) => [r.id, r.text ?? '']));
  const spans = Object.entries(insights.per_review).flatMap(([id, analysis]) =>
    analysis.aspects.map((a) => ({ id, aspect: a.id, evidence: a.evidence, text: texts.get(id)! })),
  );

  it('has spans to check', () => {
    expect(spans.length).toBeGreaterThan(500);
  });

  it('quotes each span verbatim', () => {
    for (const s of spans) expect(s.text, s.evidence).toContain(s.evidence);
  });

  it('never starts or ends inside a number, a time or a range ("30 every morning", "Window was 8")', () => {
    for (const s of spans) {
      const at = s.text.indexOf(s.evidence);
      const before = s.text.slice(Math.max(0, at - 2), at);
      const after = s.text.slice(at + s.evidence.length, at + s.evidence.length + 2);
      expect(/\d[:.,–-]$/.test(before) && /^\d/.test(s.evidence), `${s.id} ${s.aspect}: "${s.evidence}"`).toBe(false);
      expect(/\d$/.test(s.evidence) && /^[:.,–-]\d/.test(after), `${s.id} ${s.aspect}: "${s.evidence}"`).toBe(false);
    }
  });

  it('never ends on a word that needs the next one ("the morning of", "told me the")', () => {
    const dangling =
      /\b(?:a|an|the|of|to|in|on|at|for|with|by|from|my|our|your|their|his|her|than|and|or|but|so|because|when|while|if|even|very)$/i;
    for (const s of spans) expect(dangling.test(s.evidence), `${s.id} ${s.aspect}: "${s.evidence}"`).toBe(false);
  });

  it('keeps quotation marks in pairs', () => {
    for (const s of spans) expect((s.evidence.match(/["“”]/g) ?? []).length % 2, `${s.id} ${s.aspect}: "${s.evidence}"`).toBe(0);
  });
});
