import type { ReviewResult } from './analyse-review.ts';
import { splitSentences, type Sentence } from './quotes.ts';

/** A review's sentences as quotes are cut from them, each with the analyser's sentiment of the text it covers. */
export interface ScoredSentence extends Sentence {
  /** The analyser's sentence score that overlaps it most; 0 when none does. */
  score: number;
}

/** Review id → its sentences; built once per build, for every reader of quotes (reasons, office, topics, FAQ). */
export type SentenceIndex = ReadonlyMap<string, readonly ScoredSentence[]>;

export function indexSentences(results: readonly ReviewResult[]): SentenceIndex {
  const index = new Map<string, ScoredSentence[]>();
  for (const r of results) {
    const text = r.review.text;
    if (!text || r.sentences.length === 0) continue;
    index.set(r.review.id, scoreSentences(text, splitSentences(text), r.sentences));
  }
  return index;
}

function scoreSentences(text: string, sentences: readonly Sentence[], scored: ReviewResult['sentences']): ScoredSentence[] {
  // The analyser's sentences are verbatim slices in order: find each one's span once.
  const spans: { start: number; end: number; score: number }[] = [];
  let cursor = 0;
  for (const s of scored) {
    const at = text.indexOf(s.text, cursor);
    if (at === -1) continue;
    spans.push({ start: at, end: at + s.text.length, score: s.score });
    cursor = at + s.text.length;
  }
  let first = 0;
  return sentences.map((s) => {
    const end = s.start + s.text.length;
    let best = 0;
    let score = 0;
    while (first < spans.length && spans[first]!.end <= s.start) first++;
    for (let i = first; i < spans.length && spans[i]!.start < end; i++) {
      const overlap = Math.min(end, spans[i]!.end) - Math.max(s.start, spans[i]!.start);
      if (overlap > best) {
        best = overlap;
        score = spans[i]!.score;
      }
    }
    return { ...s, score };
  });
}
