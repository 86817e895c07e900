import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { AspectSchema } from '../../../src/schemas/catalogue.ts';
import type { InsightsInput } from '../../../src/lib/insights/index.ts';
import type { Review } from '../../../src/schemas/review.ts';
import { makeReview } from '../../support/review.ts';

/** The production taxonomy: the rules are tested with the cues the site ships. */
export const ASPECTS = z
  .array(AspectSchema)
  .parse(JSON.parse(readFileSync(new URL('../../../content/aspects.json', import.meta.url), 'utf8')));

export function review(partial: Pick<Review, 'id' | 'rating' | 'date' | 'text'> & Partial<Review>): Review {
  return makeReview({ author: 'Test Author', ...partial });
}

/** Eight tiny reviews, newest first, whose every number the tests work out by hand. */
export const REVIEWS: Review[] = [
  review({
    id: '01HQ0000000000000000000001',
    rating: 5,
    date: '2024-03-20',
    text: 'Dale showed up on time. The panel looks great and the cleanup was spotless.',
    technicians: ['Dale Hutchins'],
    services: ['panel-upgrade'],
    service_area: 'Tacoma',
    owner_reply: { text: 'Thanks!', date: '2024-03-22' },
  }),
  review({
    id: '01HQ0000000000000000000002',
    rating: 2,
    date: '2024-03-05',
    text: 'The electrician was late and they overcharged us for the breaker.',
  }),
  review({
    id: '01HQ0000000000000000000003',
    rating: 4,
    date: '2024-02-14',
    text: 'Priya was polite. Not cheap, but worth every penny.',
    technicians: ['Priya Natarajan'],
  }),
  review({
    id: '01HQ0000000000000000000004',
    rating: 1,
    date: '2024-02-01',
    text: 'They left a mess and the breaker kept tripping.',
    services: ['circuit-breaker-repair'],
  }),
  review({ id: '01HQ0000000000000000000005', rating: 5, date: '2024-01-15', text: null }),
  review({
    id: '01HQ0000000000000000000006',
    rating: 5,
    date: '2024-01-10',
    text: 'Marcus explained everything clearly.',
    technicians: ['Marcus Reyes'],
  }),
  review({ id: '01HQ0000000000000000000007', rating: 3, date: '2023-12-01', text: 'The price was okay.' }),
  review({ id: '01HQ0000000000000000000008', rating: 5, date: '2023-11-30', text: 'Quick response in Fife and no mess.' }),
];

export const INPUT: InsightsInput = {
  reviews: REVIEWS,
  aspects: ASPECTS,
  technicians: [
    { name: 'Marcus Reyes', aliases: ['Marc'] },
    { name: 'Priya Natarajan', aliases: [] },
    { name: 'Dale Hutchins', aliases: [] },
  ],
  services: [
    { id: 'panel-upgrade', label: 'Panel upgrade', synonyms: ['new panel'] },
    { id: 'circuit-breaker-repair', label: 'Circuit breaker repair', synonyms: ['breaker'] },
    { id: 'ev-charger-installation', label: 'EV charger installation', synonyms: ['EV charger'] },
  ],
  serviceAreas: [
    { name: 'Tacoma', aliases: [] },
    { name: 'Fife', aliases: [] },
  ],
  editorial: {
    faq: [
      { id: 'on-time', question: 'Do they show up on time?', about: { kind: 'aspect', id: 'punctuality' } },
      { id: 'ev', question: 'Do they install EV chargers?', about: { kind: 'service', id: 'ev-charger-installation' } },
      { id: 'marcus', question: 'What do customers say about Marcus?', about: { kind: 'technician', id: 'Marcus' } },
      { id: 'complaints', question: 'What do unhappy customers complain about?', about: { kind: 'complaints' } },
    ],
    summary: { intro: 'Test Electric is a test business.' },
  },
  businessName: 'Test Electric',
};
