import { ASPECT_IDS, type AspectId } from '../../../schemas/catalogue.ts';
import type { Polarity } from '../analyse-text.ts';
import { mostlyMasked, otherPartyMask } from '../attribution.ts';
import { refineMeaning } from '../meaning.ts';
import { polarityAspectFeatures, rangeFeatures, chunkViews, type RuleView, type ChunkView } from './features.ts';

export const POLARITY_CLASSES = ['negative', 'neutral', 'positive'] as const satisfies readonly Polarity[];

/** The learned layer's weights as committed in weights.json (see scripts/train.ts). */
export interface ModelFile {
  /** How the weights were made: corpus file, its sha256, folds, seed, hyper-parameters. */
  trained_on: Record<string, string | number>;
  aspects: AspectId[];
  /** Per aspect: a review mentions it when its mixed probability (see detect) reaches this. */
  thresholds: number[];
  /** feature → one weight per aspect, in `aspects` order. */
  detect: Record<string, number[]>;
  /** feature → one weight per class, in POLARITY_CLASSES order. */
  polarity: Record<string, number[]>;
  /** feature → one weight per aspect: the whole review's words, beside its best chunk. */
  document: Record<string, number[]>;
}

/** A model ready to score: weights in maps of typed arrays. */
export interface Model {
  aspects: readonly AspectId[];
  thresholds: Float64Array;
  detect: ReadonlyMap<string, Float64Array>;
  polarity: ReadonlyMap<string, Float64Array>;
  document: ReadonlyMap<string, Float64Array>;
}

export function compileModel(file: ModelFile): Model {
  if (file.aspects.join() !== ASPECT_IDS.join()) throw new Error(`model aspects ${file.aspects.join()} are not the taxonomy's`);
  return {
    aspects: file.aspects,
    thresholds: Float64Array.from(file.thresholds),
    detect: new Map(Object.entries(file.detect).map(([k, w]) => [k, Float64Array.from(w)])),
    polarity: new Map(Object.entries(file.polarity).map(([k, w]) => [k, Float64Array.from(w)])),
    document: new Map(Object.entries(file.document).map(([k, w]) => [k, Float64Array.from(w)])),
  };
}

/** One aspect the learned layer finds in a review. */
export interface Detection {
  id: AspectId;
  polarity: Polarity;
  /** P(positive) − P(negative), -1..1. */
  score: number;
  /** Probability of the best chunk. */
  confidence: number;
  /** Token range of the chunk that carries it. */
  from: number;
  to: number;
}

/** Sums the weights of `features` into `out` (one slot per output). */
export function addWeights(weights: ReadonlyMap<string, Float64Array>, features: readonly string[], out: Float64Array): Float64Array {
  for (const f of features) {
    const w = weights.get(f);
    if (w) for (let k = 0; k < out.length; k++) out[k]! += w[k]!;
  }
  return out;
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

export function softmax(logits: Float64Array): Float64Array {
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v);
  let sum = 0;
  const out = new Float64Array(logits.length);
  for (let k = 0; k < logits.length; k++) sum += out[k] = Math.exp(logits[k]! - max);
  for (let k = 0; k < out.length; k++) out[k]! /= sum;
  return out;
}

/**
 * Share of the document model in an aspect's probability; the best chunk has
 * the rest. 0.3 had the best cross-validated F1 inside the development part
 * (0.2: 0.767, 0.3: 0.779, 0.4: 0.772, 0.5: 0.769).
 */
const DOCUMENT_SHARE = 0.3;
/** Feature kinds the document model reads: words, word classes, cues, the rule layer's mentions. */
const DOCUMENT_KINDS = 'wkcm';

/** The review's features for the document model: every chunk's word, class, cue and mention features, once. */
export function documentFeatures(chunks: readonly ChunkView[]): string[] {
  const set = new Set<string>(['bias']);
  for (const chunk of chunks) for (const f of chunk.features) if (f[1] === ':' && DOCUMENT_KINDS.includes(f[0]!)) set.add(f);
  return [...set];
}

/** Mixes each aspect's best-chunk probability (`best`, updated in place) with the document model's. */
export function combineDocument(model: Model, chunks: readonly ChunkView[], best: Float64Array): Float64Array {
  const doc = addWeights(model.document, documentFeatures(chunks), new Float64Array(model.aspects.length));
  for (let a = 0; a < best.length; a++) best[a] = (1 - DOCUMENT_SHARE) * best[a]! + DOCUMENT_SHARE * sigmoid(doc[a]!);
  return best;
}

/** Per chunk, per aspect: the detection probabilities. */
export function chunkProbabilities(model: Model, chunks: readonly ChunkView[]): Float64Array[] {
  return chunks.map((chunk) => addWeights(model.detect, chunk.features, new Float64Array(model.aspects.length)).map(sigmoid));
}

/**
 * The aspects a review mentions: an aspect is in when the mix of its most
 * likely chunk and the document model reaches the aspect's threshold; its
 * polarity comes from that chunk, the stars and the rule layer's verdict.
 */
export function detect(
  model: Model,
  view: RuleView,
  rating: number,
  rulePolarity: ReadonlyMap<AspectId, Polarity>,
  mask?: Uint8Array,
): Detection[] {
  const chunks = chunkViews(view, rating, mask);
  const probabilities = chunkProbabilities(model, chunks);
  // A chunk about another party (attribution.ts) says nothing of this business.
  // Safety is the exception: a hazard another party left is a safety mention when this business found it (docs/labelling-guide.md).
  const safety = model.aspects.indexOf('safety');
  if (mask) {
    chunks.forEach((chunk, c) => {
      if (!mostlyMasked(mask, view.tokens, chunk.from, chunk.to)) return;
      const kept = probabilities[c]![safety] ?? 0;
      probabilities[c]!.fill(0);
      if (safety !== -1) probabilities[c]![safety] = kept;
    });
  }
  const n = model.aspects.length;
  // The first chunk with the highest probability, per aspect.
  const bestChunk = new Int32Array(n).fill(-1);
  const bestP = new Float64Array(n).fill(-1);
  probabilities.forEach((p, c) => {
    for (let a = 0; a < n; a++) {
      if (p[a]! > bestP[a]!) {
        bestP[a] = p[a]!;
        bestChunk[a] = c;
      }
    }
  });
  const combined = combineDocument(
    model,
    chunks,
    bestP.map((p) => Math.max(p, 0)),
  );
  const found: Detection[] = [];
  // Each chunk's share of the polarity logits, summed once for all the aspects that read it.
  const chunkLogits: (Float64Array | undefined)[] = new Array(chunks.length);
  model.aspects.forEach((id, a) => {
    if (bestChunk[a] === -1 || combined[a]! < model.thresholds[a]!) return;
    const chunk = chunks[bestChunk[a]!]!;
    const aspectLogits = addWeights(model.polarity, polarityAspectFeatures(id, rulePolarity.get(id), rating), new Float64Array(3));
    // The best chunk carries at least some weight unless another party's mask zeroed every chunk: then it speaks alone.
    const p =
      bestP[a]! > 0
        ? polarityOf(model, chunks, probabilities, chunkLogits, a, aspectLogits)
        : softmax(addWeights(model.polarity, chunk.features, new Float64Array(3)).map((v, k) => v + aspectLogits[k]!));
    let k = 0;
    for (let c = 1; c < 3; c++) if (p[c]! > p[k]!) k = c;
    found.push({ id, polarity: POLARITY_CLASSES[k]!, score: p[2]! - p[0]!, confidence: bestP[a]!, from: chunk.from, to: chunk.to });
  });
  return found;
}

/**
 * An aspect's polarity distribution: the mean of every chunk's, weighted by
 * the chunk's probability of mentioning the aspect. A verdict often sits in
 * a chunk beside the one that names the aspect best ("a little pricier than
 * I expected | but worth it"), and a review that comes back to an aspect
 * should be judged on all it says (docs/labelling-guide.md: the dominant
 * verdict). Out-of-fold polarity inside the development part: 0.912 from the
 * best chunk alone, 0.920 weighted over all chunks (0.919 weighted by the
 * squared probability, 0.918 over chunks at least half as likely as the
 * best, 0.916 over the best chunk and its neighbours).
 */
function polarityOf(
  model: Model,
  chunks: readonly ChunkView[],
  probabilities: readonly Float64Array[],
  chunkLogits: (Float64Array | undefined)[],
  a: number,
  aspectLogits: Float64Array,
): Float64Array {
  const sum = new Float64Array(3);
  let total = 0;
  chunks.forEach((chunk, c) => {
    const weight = probabilities[c]![a]!;
    // A chunk that cannot carry the aspect (another party's, attribution.ts) has weight 0 and costs nothing.
    if (weight <= 0) return;
    chunkLogits[c] ??= addWeights(model.polarity, chunk.features, new Float64Array(3));
    const p = softmax(chunkLogits[c].map((v, k) => v + aspectLogits[k]!));
    for (let k = 0; k < 3; k++) sum[k]! += weight * p[k]!;
    total += weight;
  });
  return sum.map((v) => v / total);
}

/** Evidence longer than this many tokens is cut to a window around its strongest word. */
const EVIDENCE_MAX_TOKENS = 24;

/**
 * The token range to quote for a detection: the clause of its sentence the
 * model likes best for the aspect, cut to a window around its strongest
 * word when long.
 */
export function evidenceRange(model: Model, view: RuleView, detection: Detection, mask?: Uint8Array): { from: number; to: number } {
  const a = model.aspects.indexOf(detection.id);
  let best = { from: detection.from, to: detection.to };
  let bestScore = -Infinity;
  for (const clause of view.clauses) {
    const from = Math.max(clause.from, detection.from);
    const to = Math.min(clause.to, detection.to);
    if (to - from < 2 || (mask && mostlyMasked(mask, view.tokens, from, to))) continue;
    const score = addWeights(model.detect, rangeFeatures(view.tokens, view.index, from, to), new Float64Array(model.aspects.length))[a]!;
    if (score > bestScore) {
      bestScore = score;
      best = { from, to };
    }
  }
  if (best.to - best.from <= EVIDENCE_MAX_TOKENS) return best;
  let centre = best.from;
  let centreScore = -Infinity;
  for (let t = best.from; t < best.to; t++) {
    const score = addWeights(model.detect, rangeFeatures(view.tokens, view.index, t, t + 1), new Float64Array(model.aspects.length))[a]!;
    if (score > centreScore) {
      centre = t;
      centreScore = score;
    }
  }
  const from = Math.max(best.from, Math.min(centre - EVIDENCE_MAX_TOKENS / 2, best.to - EVIDENCE_MAX_TOKENS));
  return { from, to: Math.min(best.to, from + EVIDENCE_MAX_TOKENS) };
}

/** An aspect as the analyser publishes it: the learned layer's verdict with verbatim evidence. */
export interface LearnedAspect {
  id: AspectId;
  polarity: Polarity;
  score: number;
  evidence: string;
}

/**
 * The learned layer over the rule layer's analysis of one text: the model
 * decides which aspects the text mentions and which way each leans; the rule
 * layer adds the aspects whose cue judges them by itself. Where the
 * rule layer found the aspect leaning the same way, its evidence (shorter,
 * centred on the opinion words) and its score (VADER-scaled, see
 * analyse-text.ts) are kept; otherwise the evidence is the model's best chunk
 * and the score P(positive) − P(negative).
 */
export function learnedAspects(
  model: Model,
  text: string,
  rules: RuleView,
  allRuleAspects: readonly { id: AspectId; polarity: Polarity; score: number; evidence: string; kind: string }[],
  rating: number,
): LearnedAspect[] {
  const mask = otherPartyMask(rules.tokens);
  const ownText = (evidence: string): boolean => {
    const at = text.indexOf(evidence);
    if (at === -1) return true;
    const from = rules.tokens.findIndex((t) => t.end > at);
    let to = from;
    while (to < rules.tokens.length && rules.tokens[to]!.start < at + evidence.length) to++;
    return from === -1 || !mostlyMasked(mask, rules.tokens, from, to);
  };
  // The rule layer's verdict on an aspect counts only when some of its opinions are about this business.
  const own = new Set(rules.mentions.filter((m) => m.opinionated && (!mask[m.from] || m.aspect === 'safety')).map((m) => m.aspect));
  const judged = new Set(rules.mentions.filter((m) => m.opinionated).map((m) => m.aspect));
  const ruleAspects = allRuleAspects.filter((a) => own.has(a.id) || !judged.has(a.id));
  const rulePolarity = new Map(ruleAspects.map((a) => [a.id, a.polarity]));
  const detected = detect(model, rules, rating, rulePolarity, mask);
  // A cue that judges its aspect by itself ("overcharged", "was late") is kept even when the model misses it.
  const kept = ruleAspects
    .filter((a) => selfJudged(a.kind) && !detected.some((d) => d.id === a.id) && (a.id === 'safety' || ownText(a.evidence)))
    .map((a) => ({ id: a.id, polarity: a.polarity, score: a.score, evidence: a.evidence }));
  return refineMeaning(text, [
    ...kept,
    ...detected.map((d) => {
      const rule = ruleAspects.find((a) => a.id === d.id);
      if (rule && rule.polarity === d.polarity && (d.id === 'safety' || ownText(rule.evidence)))
        return { id: d.id, polarity: d.polarity, score: rule.score, evidence: rule.evidence };
      const range = evidenceRange(model, rules, d, mask);
      const evidence = text.slice(rules.tokens[range.from]!.start, rules.tokens[range.to - 1]!.end);
      return { id: d.id, polarity: d.polarity, score: Math.round(d.score * 1000) / 1000 + 0, evidence };
    }),
  ]);
}

/** Whether the rule layer's cue kind judges the aspect by itself (see aspect-cues.ts): such mentions always count. */
export function selfJudged(kind: string): boolean {
  return kind === '+' || kind === '-';
}
