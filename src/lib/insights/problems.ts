/**
 * The electrical faults customers call about. Unlike aspects they say nothing
 * about the business; they tell the owner what brings people in. Patterns are
 * regex sources, matched case-insensitively on whole words.
 */
const PROBLEMS: readonly { id: string; label: string; patterns: string[] }[] = [
  {
    id: 'power-outage',
    label: 'Power outage',
    patterns: ['(?:power )?outages?', 'lost (?:all )?power', 'no power', 'power (?:went|was) out', 'without power', 'blackout'],
  },
  {
    id: 'tripping-breaker',
    label: 'Tripping breaker',
    patterns: [
      '(?:breakers?|gfcis?|afcis?)(?: \\w+){0,3} (?:kept|keeps|keep|would|started) (?:tripping|trip)',
      'tripping (?:breakers?|the breaker|gfcis?)',
      'kept tripping',
      'breakers? trips?',
      'tripped (?:the )?breakers?',
    ],
  },
  {
    id: 'flickering-lights',
    label: 'Flickering lights',
    patterns: ['flicker(?:ing|ed|s)?', 'lights? (?:dimm(?:ing|ed)|dim) when', 'blinking lights'],
  },
  {
    id: 'burning-smell',
    label: 'Burning smell',
    patterns: ['burning (?:smell|odou?r|plastic)', 'smell(?:ed|ing|s)? (?:something )?(?:like )?(?:burning|burnt|smoke)', 'smoke from'],
  },
  { id: 'sparking-outlet', label: 'Sparking outlet or switch', patterns: ['spark(?:s|ing|ed)?'] },
  {
    id: 'dead-circuit',
    label: 'Dead circuit or outlet',
    patterns: [
      'dead (?:circuits?|outlets?|switch(?:es)?|receptacles?|lights?)',
      '(?:outlets?|circuits?|lights?) (?:that )?(?:stopped|quit) working',
      '(?:outlets?|circuits?) (?:went|was|were) dead',
    ],
  },
  { id: 'buzzing-panel', label: 'Buzzing or humming', patterns: ['buzz(?:ing|ed|es)?', 'humm(?:ing|ed)'] },
  {
    id: 'overheating',
    label: 'Hot or melted wiring',
    patterns: [
      'hot to the touch',
      'melt(?:ed|ing)',
      'scorch(?:ed|ing)?(?: marks?)?',
      'overheat(?:ing|ed)?',
      'warm (?:outlet|switch|cover|plate)',
      'burn(?:ed|t) (?:wires?|outlets?|marks?|insulation|neutral)',
    ],
  },
  {
    id: 'electric-shock',
    label: 'Shocks',
    patterns: ['(?:got|get|getting|gave \\w+) (?:a )?shock(?:ed)?', 'shocked (?:me|him|her|us|my)', 'zapped'],
  },
  {
    id: 'outdated-wiring',
    label: 'Outdated or unsafe wiring',
    patterns: [
      'knob[- ]and[- ]tube',
      'aluminum wiring',
      'zinsco',
      'federal pacific',
      'ungrounded',
      'two[- ]prong',
      'cloth wiring',
      'double[- ]tapped',
    ],
  },
  {
    id: 'code-violation',
    label: 'Failed inspection or code violation',
    patterns: ['code violations?', 'correction notice', 'failed (?:the )?inspection', 'not (?:up )?to code', 'open junction box'],
  },
  { id: 'power-surge', label: 'Power surge', patterns: ['(?:power )?surges?(?! protect)', 'lightning'] },
];

export interface ProblemMatcher {
  /** Problem ids a text describes, in taxonomy order. */
  find(text: string): string[];
  labels: ReadonlyMap<string, string>;
}

/** Compiled once per build: no regex is built per review. */
export function createProblemMatcher(): ProblemMatcher {
  const compiled = PROBLEMS.map((p) => ({
    id: p.id,
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${p.patterns.join('|')})(?![\\p{L}\\p{N}])`, 'iu'),
  }));
  return {
    find: (text) => compiled.filter((p) => p.pattern.test(text)).map((p) => p.id),
    labels: new Map(PROBLEMS.map((p) => [p.id, p.label])),
  };
}
