import type { ReviewsDataset } from '../src/schemas/reviews-dataset.ts';
import { createPrng, type Prng } from '../tools/prng.ts';

/** The URLs one benchmark case rotates through, in order; some appear more than once (weighting). */
export interface UrlMix {
  paths: string[];
  distinct: number;
}

const DAY_MS = 86_400_000;
const WORDS = [
  'on time',
  'panel',
  'friendly',
  'clean',
  'price',
  'generator',
  'EV charger',
  'late',
  'Tesla',
  'professional',
  'quote',
  'breaker',
  'recommend',
  'explained',
  'mess',
  'spotless',
  'emergency',
  'inspection',
  'knowledgeable',
  'worth every penny',
  'hot tub',
  'flicker',
  'safe',
  'Tomás',
  'CAFÉ',
  'thank you',
];

/**
 * Search URLs a review widget or an assistant would send: one to three
 * filters, sometimes a limit, over the dataset's own names, dates and words.
 */
export function searchMix(dataset: ReviewsDataset, size = 240, seed = 1): UrlMix {
  const prng = createPrng(seed);
  const dates = dataset.reviews.map((r) => r.date);
  const words = [...WORDS, ...textWords(dataset, prng, 40)];
  const technicians = dataset.business.technicians.flatMap((t) => [t.name, t.name.split(' ')[0] as string, ...t.aliases]);
  const services = dataset.business.services.flatMap((s) => [s.id, s.label]);
  const filters: Record<string, () => string> = {
    rating: () =>
      String(
        prng.weighted([
          [5, 4],
          [4, 2],
          [3, 1],
          [2, 1],
          [1, 2],
        ]),
      ),
    min_rating: () => prng.pick(['3', '3.5', '4', '4.5']),
    since: () => prng.pick(dates),
    until: () => prng.pick(dates),
    query: () => prng.pick(words),
    mentions_technician: () => prng.pick(technicians),
    mentions_service: () => prng.pick(services),
  };
  const seen = new Set<string>();
  while (seen.size < size) {
    const params = new URLSearchParams();
    for (const name of prng.sample(
      Object.keys(filters),
      prng.weighted([
        [1, 3],
        [2, 4],
        [3, 2],
      ]),
    ))
      params.set(name, (filters[name] as () => string)());
    const since = params.get('since');
    const until = params.get('until');
    if (since && until && since > until) {
      params.set('since', until);
      params.set('until', since);
    }
    if (prng.chance(0.3)) params.set('limit', prng.pick(['5', '10', '50', '100']));
    seen.add(`/api/reviews/search?${params}`);
  }
  return { paths: [...seen], distinct: seen.size };
}

/**
 * Since URLs of incremental clients, who ask for what is new since their last
 * sync: most synced within the week, some within the month, few after months
 * or years away. Each request is one client's date, so recent dates repeat and
 * old ones are rare, as in real traffic; the mix still holds 200+ distinct dates.
 */
export function sinceMix(dataset: ReviewsDataset, seed = 2, requests = 4000): UrlMix {
  const prng = createPrng(seed);
  const newest = Date.parse(dataset.reviews[0]?.date ?? '2026-01-01');
  const oldest = Date.parse(dataset.reviews.at(-1)?.date ?? '2022-01-01');
  const span = Math.max(400, Math.floor((newest - oldest) / DAY_MS));
  const daysBack = () =>
    prng.weighted([
      [0, 70],
      [1, 20],
      [2, 8],
      [3, 2],
    ]);
  const ranges: [number, number][] = [
    [0, 7],
    [8, 30],
    [31, 365],
    [366, span],
  ];
  const paths: string[] = [];
  for (let i = 0; i < requests; i += 1) {
    const [lo, hi] = ranges[daysBack()] as [number, number];
    paths.push(`/api/reviews/since/${new Date(newest - prng.int(lo, hi) * DAY_MS).toISOString().slice(0, 10)}`);
  }
  return { paths, distinct: new Set(paths).size };
}

function textWords(dataset: ReviewsDataset, prng: Prng, count: number): string[] {
  const texts = dataset.reviews.flatMap((r) => (r.text ? [r.text] : []));
  const words = new Set<string>();
  for (let tries = 0; words.size < count && tries < count * 20 && texts.length > 0; tries += 1) {
    const word = prng.pick(prng.pick(texts).split(/[^\p{L}]+/u));
    if (word.length >= 5) words.add(word.toLowerCase());
  }
  return [...words];
}
