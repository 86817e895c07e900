import { describe, expect, it } from 'vitest';
import { createMentionMatcher } from '../../src/lib/mentions.ts';

const roster = [
  { name: 'Tomás Ortega', aliases: ['Tommy'] },
  { name: 'Chris Dunmore', aliases: ['Chris D.'] },
  { name: 'Chris Oyelaran', aliases: [] },
  { name: 'Marcus Reyes', aliases: [] },
];
const catalogue = [
  { id: 'panel-upgrade', label: 'Panel upgrade', synonyms: ['breaker panel'] },
  { id: 'circuit-breaker-repair', label: 'Circuit breaker repair', synonyms: ['breaker', 'breakers'] },
  { id: 'ev-charger-installation', label: 'EV charger installation', synonyms: ['EV charger'] },
];
const matcher = createMentionMatcher(roster, catalogue);

describe('mentions derived from review text', () => {
  it('finds technicians by full name, first name and alias, case-insensitively', () => {
    expect(matcher.technicians('MARCUS was great, and tommy too')).toEqual(['Marcus Reyes', 'Tomás Ortega']);
    expect(matcher.technicians('tomás ortega fixed it')).toEqual(['Tomás Ortega']);
  });

  it('matches whole words only, including around accented letters', () => {
    expect(matcher.technicians('Marcusville and Tomásito are places')).toEqual([]);
    expect(matcher.services('the breakers were old; rebreaker is not a word')).toEqual(['circuit-breaker-repair']);
  });

  it('leaves a first name two technicians share unattributed, but keeps their aliases', () => {
    expect(matcher.technicians('Chris was friendly')).toEqual([]);
    expect(matcher.technicians('Chris D. was friendly')).toEqual(['Chris Dunmore']);
  });

  it('prefers the longest phrase, so a breaker panel is a panel and not a breaker repair', () => {
    expect(matcher.services('They replaced the breaker panel.')).toEqual(['panel-upgrade']);
    expect(matcher.services('New breaker panel, and an EV charger.')).toEqual(['ev-charger-installation', 'panel-upgrade']);
  });

  it('matches service labels and ids written as words', () => {
    expect(matcher.services('We booked a panel upgrade')).toEqual(['panel-upgrade']);
    expect(matcher.services('ev-charger-installation')).toEqual(['ev-charger-installation']);
  });
});
