import type { ServiceFile, Technician } from '../../src/schemas/catalogue.ts';
import type { Prng } from '../../tools/prng.ts';

/**
 * Review text from templates: an opening about the job (a service phrase of
 * the catalogue, often a technician of the roster), then remarks on aspects
 * whose tone follows the rating. `{t}` is a technician, `{s}` a service phrase.
 */
const OPENINGS = [
  'We hired them for a {s} at our place.',
  'Had {t} out for a {s} last month.',
  '{t} came out for our {s}.',
  'Called about a {s} and {t} handled it.',
  'Needed a {s} before we listed the house.',
  'Our old house needed a {s}, so we booked {t}.',
  'Second time using Harbor & Pine, this time for a {s}.',
  'Got three quotes for a {s} and went with these folks.',
  '{t} and the crew did our {s} over two days.',
  'Booked a {s} through the website on a Tuesday.',
];

/** Synonyms that do not read as "a {s}" (they are what was done, not the job). */
const VERB_PHRASE =
  /^(upgraded|replaced|rewire\b|rewired|rewiring|diagnose|troubleshoot\b|tracked|traced|on a|middle of|after.hours|up to|double-tapped|emergency)/i;

type Tone = 'positive' | 'negative';

const REMARKS: Record<string, Record<Tone, string[]>> = {
  punctuality: {
    positive: [
      '{t} showed up right on time.',
      'Arrived early and was finished before lunch.',
      'Punctual, and texted when on the way.',
      'They were on schedule the whole job.',
    ],
    negative: ['{t} was two hours late and nobody called.', 'We waited all morning for a no-show.', 'The start was delayed three times.'],
  },
  responsiveness: {
    positive: [
      'They called back within the hour.',
      'Same-day service, which we really needed.',
      'They fit us in the next day.',
      'Someone answered the phone on a Sunday.',
    ],
    negative: ['Left two voicemails before anyone got back to me.', 'It took a week to get a call back.'],
  },
  communication: {
    positive: [
      '{t} explained every step and answered all my questions.',
      'Kept us informed with updates by text.',
      '{t} walked me through the options clearly.',
    ],
    negative: ['Nobody explained why the job changed.', 'Communication was poor; we had to chase every update.'],
  },
  professionalism: {
    positive: ['Very professional and courteous.', '{t} was friendly, patient and honest with us.', 'Respectful of our home and our time.'],
    negative: ['The attitude on the phone was rude.', 'Felt a bit unprofessional at times.'],
  },
  workmanship: {
    positive: [
      'The workmanship is excellent and it works perfectly.',
      'Clean install, and it passed inspection the first time.',
      'Everything was done right.',
      'Quality work, neat wiring in the panel.',
    ],
    negative: ['Sloppy work; we had to ask for a redo.', 'A week later it is still broken.', 'The install failed inspection.'],
  },
  technical_knowledge: {
    positive: [
      '{t} knew exactly what the problem was.',
      'Very knowledgeable about code and permits.',
      '{t} figured out what two other electricians missed.',
    ],
    negative: ['The first tech seemed stumped and left without a fix.', 'They never found the problem.'],
  },
  pricing: {
    positive: [
      'The price matched the quote to the dollar.',
      'Fair and reasonable pricing.',
      'Worth every penny.',
      'The estimate was clear and affordable.',
    ],
    negative: ['The final bill was far above the estimate.', 'Pricey for what it was.', 'We felt overcharged.'],
  },
  cleanliness: {
    positive: [
      'They cleaned up and left the place spotless.',
      'Used drop cloths and shoe covers, vacuumed after.',
      'No mess, no dust left behind.',
    ],
    negative: ['They left a mess of drywall dust.', 'Debris in the yard for days after.'],
  },
  safety: {
    positive: [
      'Peace of mind knowing the fire hazard is gone.',
      '{t} pointed out a scorched wire that was unsafe.',
      'Everything is safe and up to code now.',
    ],
    negative: ['We still smell a burning smell near the panel.', 'An outlet was sparking after the visit, which is dangerous.'],
  },
};
const ASPECTS = Object.keys(REMARKS);

const CLOSINGS: Record<Tone, string[]> = {
  positive: ['Highly recommend.', 'Will call them again.', 'Five stars from us.', 'Thank you!', 'Our go-to electricians now. 👍', ''],
  negative: ['Would not hire again.', 'Disappointed.', 'Hoping they make it right.', ''],
};

export function reviewText(prng: Prng, rating: number, roster: readonly Technician[], catalogue: readonly ServiceFile[]): string {
  const technician = prng.pick(roster);
  const callTechnician = (): string => prng.pick([technician.name, technician.name.split(' ')[0] as string, ...technician.aliases]);
  const service = prng.pick(catalogue);
  const nouns = service.synonyms.filter((s) => !VERB_PHRASE.test(s));
  const servicePhrase = prng.chance(0.5) ? service.label.toLowerCase() : prng.pick([service.label.toLowerCase(), ...nouns]);
  const fill = (template: string) =>
    template
      .replaceAll('{t}', callTechnician)
      .replaceAll('{s}', servicePhrase)
      .replace(/\b([Aa]) (?=[AEIOUaeiou])/g, '$1n ');

  const remarks = prng.sample(ASPECTS, prng.int(1, 4)).map((aspect) => {
    const tone = toneFor(prng, rating);
    return fill(prng.pick((REMARKS[aspect] as Record<Tone, string[]>)[tone]));
  });
  const overall: Tone = rating >= 4 ? 'positive' : 'negative';
  return [fill(prng.pick(OPENINGS)), ...remarks, prng.pick(CLOSINGS[overall])].filter(Boolean).join(' ');
}

/** Five stars: all praise; one star: nearly all complaints; between: mixed. */
function toneFor(prng: Prng, rating: number): Tone {
  const positive = [0, 0.1, 0.25, 0.5, 0.85, 0.97][rating] ?? 1;
  return prng.chance(positive) ? 'positive' : 'negative';
}

export function ownerReplyText(prng: Prng, author: string, rating: number): string {
  const first = author.split(/[\s.]/)[0] ?? author;
  const options =
    rating >= 4
      ? [
          `${first}, thank you for the kind words! We pass them on to the crew.`,
          `Thanks ${first}! Glad it all works.`,
          `Appreciate you, ${first}. Call us anytime.`,
        ]
      : [
          `${first}, I'm sorry we let you down. I'd like to make it right; please call me directly.`,
          `${first}, thank you for the honest feedback. We have changed how we schedule follow-ups.`,
        ];
  return `${prng.pick(options)} — Marcus`;
}
