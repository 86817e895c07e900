/**
 * `node bench/insights.ts --n 10000 [--seed 42]`
 * Times buildInsights on synthetic reviews (seeded, so every run analyses the
 * same text) and prints reviews analysed per second on one core.
 */
import { makeReview } from '../test/support/review.ts';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { createMentionMatcher } from '../src/lib/mentions.ts';
import { withDerivedMentions } from '../tools/insights/cli/derive-mentions.ts';
import { buildInsights } from '../src/lib/insights/index.ts';
import type { Review } from '../src/schemas/review.ts';
import { loadContent, type ContentInput } from '../scripts/insights.ts';
import { createPrng } from '../tools/prng.ts';

/** Times one full build of the insights over `reviews` (the taxonomy and roster come from content/). */
export async function benchInsights(
  reviews: Review[],
  content: ContentInput = loadContent('content'),
): Promise<{ reviewsPerSecond: number; ms: number }> {
  buildInsights({ ...content, reviews: reviews.slice(0, 50) }); // warm-up: let the JIT see the hot paths once
  const start = performance.now();
  buildInsights({ ...content, reviews });
  const ms = performance.now() - start;
  return { reviewsPerSecond: Math.round((reviews.length / ms) * 1000), ms: Math.round(ms) };
}

const OPENERS = [
  'Called about a dead outlet.',
  'Our breaker kept tripping.',
  'We needed a new EV charger in the garage.',
  'Had flickering lights in the kitchen.',
  'Panel upgrade for our old house.',
  'Needed recessed lights installed.',
];
const PRAISE = [
  '{name} showed up on time and explained everything clearly.',
  'The work looks great and they cleaned up after themselves.',
  'Price was fair and matched the quote.',
  'Very professional and polite crew.',
  '{name} knew exactly what he was doing and found the problem fast.',
  'They came out within the hour on a Sunday.',
  'Not cheap, but worth every penny.',
];
const COMPLAINTS = [
  'They were two hours late and nobody called.',
  'Left a mess in the garage.',
  'The bill was higher than the estimate.',
  'The outlet he replaced stopped working a week later.',
  'Took three weeks to get a call back.',
];
const NAMES = ['Marcus', 'Priya', 'Dale', 'Sofia', 'Tomás', 'Kenji', 'Chris'];
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function syntheticReviews(n: number, seed: number, content: ContentInput): Review[] {
  // Seeded, so the synthetic corpus is the same on every run.
  const random = createPrng(seed).next;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const matcher = createMentionMatcher(content.technicians, content.services);
  return Array.from({ length: n }, (_, i) => {
    const rating = 1 + Math.floor(random() * 5);
    const pool = rating >= 4 ? PRAISE : rating <= 2 ? COMPLAINTS : [...PRAISE, ...COMPLAINTS];
    const name = pick(NAMES);
    const text = [pick(OPENERS), pick(pool), pick(pool), pick(pool)].join(' ').replaceAll('{name}', name);
    const day = Math.floor(random() * 1000);
    const date = new Date(Date.UTC(2023, 0, 1 + day)).toISOString().slice(0, 10);
    const review = makeReview({ id: idOf(i), author: `Customer ${i}`, rating, date, text: random() < 0.05 ? null : text });
    const { technicians: _technicians, services: _services, ...rest } = review;
    return withDerivedMentions(rest, matcher);
  });
}

function idOf(i: number): string {
  let id = '';
  for (let n = i, k = 0; k < 26; k++, n = Math.floor(n / 32)) id = CROCKFORD[n % 32] + id;
  return id;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { n: { type: 'string', default: '10000' }, seed: { type: 'string', default: '42' } } });
  const content = loadContent('content');
  const reviews = syntheticReviews(Number(values.n), Number(values.seed), content);
  const { reviewsPerSecond, ms } = await benchInsights(reviews, content);
  process.stdout.write(`insights: ${reviews.length} reviews in ${ms} ms = ${reviewsPerSecond} reviews/s (one core)\n`);
}
