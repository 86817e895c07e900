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
    expect(matcher.services('they replaced the breakers; rebreaker is not a word')).toEqual(['circuit-breaker-repair']);
  });

  it('reads a first name two technicians share as both, unless the review names one of them fully', () => {
    expect(matcher.technicians('Chris was friendly')).toEqual(['Chris Dunmore', 'Chris Oyelaran']);
    expect(matcher.technicians('Chris D. was friendly')).toEqual(['Chris Dunmore']);
    expect(matcher.technicians('Chris D. came out. Chris was friendly')).toEqual(['Chris Dunmore']);
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

describe('services that are jobs (issue 30)', () => {
  const content = createMentionMatcher(
    [
      { name: 'Will Duarte', aliases: [] },
      { name: 'Grant Ellison', aliases: [] },
      { name: 'Matt Brennan', aliases: ['Matt B.'] },
      { name: 'Theodore Pruitt', aliases: ['Ted', 'Teddy'] },
      { name: 'Rosa Delgado', aliases: [] },
    ],
    [
      { id: 'panel-upgrade', label: 'Panel upgrade', synonyms: ['new panel', 'service upgrade', 'breaker panel'] },
      { id: 'outlet-and-switch-repair', label: 'Outlet and switch repair', synonyms: ['outlet', 'outlets', 'GFCI', 'dimmer'] },
      { id: 'circuit-breaker-repair', label: 'Circuit breaker repair', synonyms: ['breaker', 'breakers', 'AFCI breakers'] },
      { id: 'electrical-inspection', label: 'Electrical inspection', synonyms: ['inspection', 'safety inspection'] },
      {
        id: 'ev-charger-installation',
        label: 'EV charger installation',
        synonyms: ['EV charger', 'NEMA 14-50', 'charger', 'chargers', 'ChargePoint', 'Mach-E', 'Equinox EV'],
      },
      { id: 'dedicated-circuit', label: 'Dedicated circuit', synonyms: ['new circuit'] },
    ],
  );

  it('does not count a service the text denies or says was not needed', () => {
    expect(content.serviceReferences('Turned out there was no panel upgrade needed, just a loose neutral.')).toEqual({
      services: [],
      negated: ['panel-upgrade'],
    });
    expect(content.services("Honest. Told me I didn't need a new panel, just one new breaker.")).toEqual(['circuit-breaker-repair']);
    expect(content.services("We didn't need a panel upgrade after all.")).toEqual([]);
    expect(content.services("He set the two chargers up to share power so we don't need a service upgrade.")).toEqual([
      'ev-charger-installation',
    ]);
    expect(content.serviceReferences('Paid $189 for someone to tell me my dryer outlet was fine.').negated).toEqual([
      'outlet-and-switch-repair',
    ]);
  });

  it('counts a catch-all thing only with a job around it', () => {
    expect(content.services('Gave us a quote detailed down to the number of outlets')).toEqual([]);
    expect(content.services('Sophie replaced our noisy bathroom fan and the GFCI next to the sink.')).toEqual(['outlet-and-switch-repair']);
    expect(content.services('Electrician fixed two dead outlets and a 3-way switch.')).toEqual(['outlet-and-switch-repair']);
    expect(content.services('Our breaker kept tripping every time the microwave ran, so they put in a new circuit.')).toEqual([
      'dedicated-circuit',
    ]);
    expect(content.services('Everything is on AFCI breakers now.')).toEqual(['circuit-breaker-repair']);
    expect(content.services('They came back and replaced the breaker.')).toEqual(['circuit-breaker-repair']);
    // A part of another job is that job only.
    expect(content.services('Solid install on a NEMA 14-50 outlet for my EV.')).toEqual(['ev-charger-installation']);
    expect(content.services('They ran a new circuit with GFCI protection for the tank.')).toEqual(['dedicated-circuit']);
  });

  it('counts an inspection only when this business did it', () => {
    expect(content.serviceReferences('Passed inspection the first time.')).toEqual({ services: [], negated: ['electrical-inspection'] });
    expect(content.services('The city inspector signed it off, and the final inspection had zero corrections.')).toEqual([]);
    expect(content.services('We hired them for an inspection before buying a house.')).toEqual(['electrical-inspection']);
    expect(content.services('Dale did a general safety inspection on a rental I had just bought.')).toEqual(['electrical-inspection']);
  });

  it('reads a catalogue phrase in either number and with its hyphens as spaces', () => {
    const lights = createMentionMatcher(
      [],
      [{ id: 'lighting-installation', label: 'Lighting installation', synonyms: ['under-cabinet light', 'ceiling fan'] }],
    );
    expect(lights.services('They put in under cabinet lights and two ceiling fans.')).toEqual(['lighting-installation']);
    expect(lights.services('New under-cabinet lights.')).toEqual(['lighting-installation']);
  });

  it('counts EV chargers named by their vehicle or charger brand', () => {
    expect(content.services('Quote was fair and Tomás did good work on the charger for our Equinox EV.')).toEqual([
      'ev-charger-installation',
    ]);
    expect(content.services('Harbor & Pine installed a ChargePoint charger for our Mach-E.')).toEqual(['ev-charger-installation']);
    expect(content.serviceReferences('We do not have an EV charger or a generator.').services).toEqual([]);
  });

  it('reads a name that is also a word as a name only where it is one', () => {
    expect(content.technicians('Will definitely call again.')).toEqual([]);
    expect(content.technicians('Will was great and fixed it fast.')).toEqual(['Will Duarte']);
    expect(content.technicians('I asked for Will and he came the next day.')).toEqual(['Will Duarte']);
    expect(content.technicians('Fought it against my will, honestly.')).toEqual([]);
    expect(content.technicians("I'll grant you the price was high. We got a grant from the city.")).toEqual([]);
    expect(content.technicians('Grant replaced the panel.')).toEqual(['Grant Ellison']);
    expect(content.technicians('The matt black pendants look great.')).toEqual([]);
    expect(content.technicians('Matt B. hung them.')).toEqual(['Matt Brennan']);
    expect(content.technicians('He explained it like a TED talk.')).toEqual([]);
    expect(content.technicians('Ted wired the hot tub.')).toEqual(['Theodore Pruitt']);
    expect(content.technicians('Our kid goes to Rosa Parks Elementary.')).toEqual([]);
    expect(content.technicians('My husband Will helped carry the ladder.')).toEqual([]);
    expect(content.technicians('will came out and fixed it, super nice')).toEqual(['Will Duarte']);
    expect(content.technicians('fast service and will definitely use again')).toEqual([]);
  });
});

describe('written forms of roster names', () => {
  const people = createMentionMatcher(
    [
      { name: 'Chris Alvarez', aliases: ['Chris A.'] },
      { name: 'Chris Lund', aliases: [] },
      { name: 'Will Duarte', aliases: [] },
      { name: 'Grant Ellison', aliases: [] },
      { name: 'Ted Pruitt', aliases: [] },
      { name: 'Dee Whitfield', aliases: [] },
    ],
    [],
  );

  it('reads the first name and the surname initial, with or without its stop, and the longer given name', () => {
    expect(people.technicians('Chris L put in the charger.')).toEqual(['Chris Lund']);
    expect(people.technicians('chris a came out, all lower case review')).toEqual(['Chris Alvarez']);
    expect(people.technicians('Christopher L. was great.')).toEqual(['Chris Lund']);
    expect(people.technicians('Thanks Chris a lot for the help.')).toEqual(['Chris Alvarez', 'Chris Lund']);
  });

  it('reads "Chris and Chris", "the other Chris" and "both Chrises" as both', () => {
    expect(people.technicians('Chris A. did the panel and the other Chris came back for the charger.')).toEqual([
      'Chris Alvarez',
      'Chris Lund',
    ]);
    expect(people.technicians('Thanks to both Chrises!')).toEqual(['Chris Alvarez', 'Chris Lund']);
  });

  it('keeps a name the review gives someone else as theirs throughout', () => {
    expect(people.technicians('My husband Will tried it himself. Will is no longer allowed near the panel.')).toEqual([]);
  });

  it('reads a word-name coordinated with another name as a name', () => {
    expect(people.technicians('thank you dee and ted!!!!')).toEqual(['Dee Whitfield', 'Ted Pruitt']);
    expect(people.technicians('Will & Grant worked in the rain.')).toEqual(['Grant Ellison', 'Will Duarte']);
    expect(people.technicians('Grant cut the hole in the wrong place.')).toEqual(['Grant Ellison']);
    expect(people.technicians('I will grant you it was cheap.')).toEqual([]);
  });
});

describe('jobs told without a catalogue phrase, and things that are not jobs', () => {
  const jobs = createMentionMatcher(
    [],
    [
      { id: 'panel-upgrade', label: 'Panel upgrade', synonyms: ['200 amp upgrade', 'new panel'] },
      {
        id: 'outlet-and-switch-repair',
        label: 'Outlet and switch repair',
        synonyms: ['outlet', 'outlets', 'GFCI', 'dimmer', 'light switch', 'three-way switch', 'smart switch'],
      },
      { id: 'circuit-breaker-repair', label: 'Circuit breaker repair', synonyms: ['breaker', 'breakers'] },
      {
        id: 'electrical-troubleshooting',
        label: 'Electrical troubleshooting',
        synonyms: ['troubleshooting', 'diagnosed', 'flickering lights', 'dead circuit'],
      },
      { id: 'electrical-inspection', label: 'Electrical inspection', synonyms: ['inspection'] },
      { id: 'lighting-installation', label: 'Lighting installation', synonyms: ['recessed lights', 'chandelier', 'pendants'] },
      { id: 'outdoor-lighting', label: 'Outdoor lighting', synonyms: ['flood lights', 'porch light'] },
      { id: 'generator-installation', label: 'Generator installation', synonyms: ['generator', 'transfer switch'] },
      { id: 'dedicated-circuit', label: 'Dedicated circuit', synonyms: ['dedicated circuit', '240V circuit'] },
      { id: 'whole-house-rewiring', label: 'Whole-house rewiring', synonyms: ['rewire'] },
    ],
  );

  it('counts a fault cause found as troubleshooting, and a listed symptom only with its cause', () => {
    expect(jobs.services('Half the kitchen went dead. She found a burned neutral in the junction box.')).toEqual([
      'electrical-troubleshooting',
    ]);
    expect(jobs.services('Lights kept dimming; turned out to be the main lug.')).toEqual(['electrical-troubleshooting']);
    expect(jobs.serviceReferences('My dead circuit is not important to them, apparently.')).toEqual({
      services: [],
      negated: ['electrical-troubleshooting'],
    });
    expect(jobs.services('My son found them online after the lights kept flickering.')).toEqual([]);
  });

  it('counts a panel taken to a higher amperage, not the amperage a house already has', () => {
    expect(jobs.services('They upgraded us to 200 amps in a day.')).toEqual(['panel-upgrade']);
    expect(jobs.services('Plenty of room on our existing 200 amp service.')).toEqual([]);
  });

  it('reads planned, pitched and talked-out-of jobs as not done', () => {
    expect(jobs.services('She talked us out of a full rewire and grounded the kitchen.')).toEqual([]);
    expect(jobs.services('We were going to add a generator but in the end they just replaced the outlets.')).toEqual([
      'outlet-and-switch-repair',
    ]);
    expect(jobs.services('I felt pressured to also get a new panel.')).toEqual([]);
  });

  it('reads a tripped breaker or GFCI as the symptom unless the thing itself was replaced', () => {
    expect(jobs.services('The GFCI in the garage had tripped, he showed me how to reset it.')).toEqual([]);
    expect(jobs.services('The GFCI kept tripping every morning. He came out and swapped it.')).toEqual(['outlet-and-switch-repair']);
  });

  it('counts the items of a list together and the bare things of a job', () => {
    expect(jobs.services('Outlets, switches, a chandelier, the occasional breaker.')).toEqual([
      'circuit-breaker-repair',
      'lighting-installation',
      'outlet-and-switch-repair',
    ]);
    expect(jobs.services('Did our garage lights and new switches by the door.')).toEqual([
      'lighting-installation',
      'outlet-and-switch-repair',
    ]);
    expect(jobs.services('Swapped a dead 3-way switch.')).toEqual(['outlet-and-switch-repair']);
    expect(jobs.services('New porch lights out front.')).toEqual(['outdoor-lighting']);
  });

  it('reads a dimmer put on new lights as part of the lighting job, a 50 amp outlet as a circuit', () => {
    expect(jobs.services('She hung the chandelier and put it on a dimmer.')).toEqual(['lighting-installation']);
    expect(jobs.services('He put in a 50 amp outlet for our RV.')).toEqual(['dedicated-circuit']);
  });

  it("reads an inspector as someone else's inspection", () => {
    expect(jobs.serviceReferences('They replaced the panel and the inspector passed it.').negated).toEqual(['electrical-inspection']);
  });

  it('reads a panel as a place and a light that flickers as a symptom', () => {
    expect(jobs.services('They ran a long feed from the main panel for the charger.')).toEqual([]);
    expect(jobs.services('He fixed our flickering lights, a loose wire at the meter.')).toEqual(['electrical-troubleshooting']);
  });
});
