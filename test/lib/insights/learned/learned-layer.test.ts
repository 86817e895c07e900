import { describe, expect, it } from 'vitest';
import { buildInsights } from '../../../../src/lib/insights/index.ts';
import { chunkRanges } from '../../../../src/lib/insights/learned/features.ts';
import { stemOf } from '../../../../src/lib/insights/learned/stem.ts';
import { tokenize } from '../../../../src/lib/insights/tokenize.ts';
import { CORPUS_DEV_FILE, readEvalLines } from '../../../../scripts/eval.ts';
import { loadContent, toReviews } from '../../../../scripts/insights.ts';

describe('the learned layer', () => {
  describe('features', () => {
    it('folds inflections and British spellings onto one stem', () => {
      expect(['arrived', 'arrives', 'arriving'].map(stemOf)).toEqual(['arriv', 'arriv', 'arriv']);
      expect(stemOf('organised')).toBe(stemOf('organized'));
      expect(stemOf('colour')).toBe(stemOf('color'));
    });
    it('folds British double l onto the American single l, but not in one-syllable words', () => {
      expect(['labelled', 'labeled', 'labelling'].map(stemOf)).toEqual(['label', 'label', 'label']);
      expect(stemOf('travelled')).toBe(stemOf('traveled'));
      expect(['called', 'installed', 'spelled'].map(stemOf)).toEqual(['call', 'install', 'spell']);
    });
    it('cuts sentences into chunks at pauses and contrast words', () => {
      const text = 'Polite, quick, but left a mess. Fair price';
      const tokens = tokenize(text);
      const chunks = chunkRanges(tokens).map(({ from, to }) => text.slice(tokens[from]!.start, tokens[to - 1]!.end));
      expect(chunks).toEqual(['Polite', 'quick', 'but left a mess', 'Fair price']);
    });
  });

  describe('on the development part', () => {
    const content = loadContent('content');
    const lines = readEvalLines(CORPUS_DEV_FILE);
    const insights = buildInsights({ ...content, reviews: toReviews(lines, content) });

    it('quotes every aspect with a verbatim substring of its review', () => {
      for (const line of lines) {
        for (const aspect of insights.per_review[line.id]!.aspects) expect(line.text).toContain(aspect.evidence);
      }
    });
    it('gives each aspect at most once per review, in taxonomy order', () => {
      const order = content.aspects.map((a) => a.id);
      for (const { aspects } of Object.values(insights.per_review)) {
        const ids = aspects.map((a) => order.indexOf(a.id));
        expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      }
    });
  });
});
