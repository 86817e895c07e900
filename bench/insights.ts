/**
 * `node bench/insights.ts --n 10000 [--seed 42] [--lengths 10,30,100,300,1000]`
 * Times buildInsights on synthetic reviews (seeded, so every run analyses the
 * same text) and prints reviews analysed per second on one core. Then times
 * single reviews of 10 KB to 1 MB, written as sentences and as one run-on
 * sentence, and prints the time per KB: the analyser's time must grow
 * linearly with a review's length (docs/insights.md), so the longest review's
 * time per KB may be at most LINEAR_SLACK times the shortest's; exit 1 otherwise.
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

/** How much more time per KB the longest review may take than the shortest before the growth is called superlinear. */
const LINEAR_SLACK = 2.5;
/** Short reviews are analysed this many times over, so a timer's resolution and a collection do not decide their figure. */
const MIN_SAMPLE_MS = 300;

/** One review of about `bytes` characters from the seeded sentences; `runOn` joins them with commas and "but" into one sentence. */
export function longReviewText(bytes: number, seed: number, runOn: boolean): string {
  const random = createPrng(seed).next;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const parts: string[] = [];
  let length = 0;
  while (length < bytes) {
    let sentence = pick([...OPENERS, ...PRAISE, ...COMPLAINTS]).replaceAll('{name}', pick(NAMES));
    if (runOn) sentence = `${sentence.slice(0, -1).toLowerCase()}${random() < 0.3 ? ' but' : ','}`;
    parts.push(sentence);
    length += sentence.length + 1;
  }
  return parts.join(' ').slice(0, bytes);
}

/** Milliseconds to analyse one review of this text: the median of enough runs to fill MIN_SAMPLE_MS. */
export function timeSingleReview(text: string, content: ContentInput): number {
  const review = makeReview({ id: idOf(0), author: 'Customer', rating: 4, date: '2025-01-01', text });
  const times: number[] = [];
  let spent = 0;
  while (times.length < 3 || (spent < MIN_SAMPLE_MS && times.length < 50)) {
    const start = performance.now();
    buildInsights({ ...content, reviews: [review] });
    const ms = performance.now() - start;
    times.push(ms);
    spent += ms;
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      n: { type: 'string', default: '10000' },
      seed: { type: 'string', default: '42' },
      lengths: { type: 'string', default: '10,30,100,300,1000' },
    },
  });
  const content = loadContent('content');
  const reviews = syntheticReviews(Number(values.n), Number(values.seed), content);
  const { reviewsPerSecond, ms } = await benchInsights(reviews, content);
  process.stdout.write(`insights: ${reviews.length} reviews in ${ms} ms = ${reviewsPerSecond} reviews/s (one core)\n`);
  const lengths = values.lengths.split(',').map(Number);
  let linear = true;
  for (const runOn of [false, true]) {
    const perKb = lengths.map((kb) => {
      const ms = timeSingleReview(longReviewText(kb * 1024, Number(values.seed), runOn), content);
      process.stdout.write(
        `insights: one ${runOn ? 'run-on ' : ''}review of ${kb} KB in ${ms.toFixed(1)} ms = ${((ms / kb) * 1000).toFixed(0)} us/KB\n`,
      );
      return ms / kb;
    });
    const growth = perKb[perKb.length - 1]! / perKb[0]!;
    linear &&= growth <= LINEAR_SLACK;
    process.stdout.write(
      `insights: ${runOn ? 'run-on ' : ''}time per KB at ${lengths[lengths.length - 1]} KB is ${growth.toFixed(2)}x that at ${lengths[0]} KB (linear: at most ${LINEAR_SLACK}x)\n`,
    );
  }
  if (!linear) process.exitCode = 1;
}
