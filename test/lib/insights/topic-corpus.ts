import type { InsightsInput } from '../../../src/lib/insights/index.ts';
import type { Review } from '../../../src/schemas/review.ts';
import { ASPECTS, review } from './fixture.ts';

/**
 * A small hand-made corpus with four obvious themes (eight reviews each) and
 * six reviews that are only generic praise. Names of the business and of a
 * technician run through every theme, so they co-occur with everything and
 * must still not become a theme.
 */
export const THEMES = {
  ev: [
    'Tomás installed our EV charger in the garage. Clean install and a fair price.',
    'Got a Level 2 EV charger put in the garage. The EV charger works perfectly.',
    'They pulled the permit for our EV charger and ran conduit along the garage wall.',
    'Our new EV charger in the garage charges the car overnight. Harbor & Pine were very nice.',
    'Quote for the EV charger was clear, and the charger install took one afternoon.',
    'Tesla EV charger mounted in the garage, and the permit was closed out the same week.',
    'The EV charger install was quick; Tomás explained the breaker size.',
    'Second EV in the family, so a second EV charger in the garage. Thanks Harbor & Pine!',
  ],
  storm: [
    'After the storm knocked out power we had them install a standby generator.',
    'The windstorm left us without power for two days, now we have a generator with a transfer switch.',
    'Generator interlock kit installed before storm season, so the next power outage will not hurt.',
    'Lost power in the ice storm; Tomás wired a transfer switch for our portable generator.',
    'The standby generator kicked on during the storm exactly as Harbor & Pine promised.',
    'Storm damage to the service mast, and they came back to hook up the generator.',
    'Power outage every winter storm, so a whole-house generator was worth it.',
    'They installed a generator and a transfer switch after the big storm.',
  ],
  inspection: [
    'Our panel failed the city inspection; they fixed the code violations and we passed the reinspection.',
    'The home inspector flagged double-tapped breakers and Tomás corrected them before the reinspection.',
    'Failed inspection on our basement remodel, they fixed the code violations in one visit.',
    'The inspector wrote up missing GFCI protection; after their fix we passed the inspection.',
    'Pre-sale inspection found code violations, all corrected and the inspector signed off.',
    'We failed the electrical inspection twice with another company; Harbor & Pine got us passed.',
    'Code violations from the inspection report were fixed in a day and the reinspection passed.',
    'The inspector flagged an open junction box; fixed, and the final inspection passed.',
  ],
  tripping: [
    'The breaker kept tripping whenever the microwave ran, so they added a dedicated circuit.',
    'Our breaker kept tripping with the bathroom heater; Tomás ran a dedicated circuit for it.',
    'Breaker kept tripping with the space heater; a dedicated circuit fixed it.',
    'Kitchen breaker kept tripping every morning. New dedicated circuit for the toaster oven.',
    'The garage breaker kept tripping when the freezer started; they split the circuit.',
    'Basement breaker kept tripping, turned out to be a worn breaker, replaced by Harbor & Pine.',
    'The treadmill kept tripping the breaker until they ran a dedicated circuit.',
    'Breaker kept tripping for months. A dedicated circuit for the window AC solved it.',
  ],
  generic: [
    'Great job, very professional, would hire again.',
    'Friendly and professional. Highly recommend.',
    'Harbor & Pine did a great job, thank you!',
    'Tomás was great. Five stars.',
    'Excellent work by Tomás, great company.',
    'Good people, good work.',
  ],
} as const;

export type Theme = keyof typeof THEMES;

/** Review ids carry their theme: `ev-3`, `storm-0`, ... */
export const CORPUS: Review[] = Object.entries(THEMES).flatMap(([theme, texts], t) =>
  texts.map((text, i) =>
    review({
      id: `${theme}-${i}`,
      rating: theme === 'inspection' && i === 5 ? 4 : 5,
      date: `2024-0${1 + (t % 9)}-${String(10 + i).padStart(2, '0')}`,
      text,
    }),
  ),
);

export function themeOf(id: string): Theme {
  return id.split('-')[0] as Theme;
}

export const CORPUS_INPUT: InsightsInput = {
  reviews: CORPUS,
  aspects: ASPECTS,
  technicians: [{ name: 'Tomás Ortega', aliases: ['Tomas', 'Tommy'] }],
  services: [],
  serviceAreas: [],
  editorial: { faq: [], summary: { intro: 'Harbor & Pine Electric is a test business.' } },
  businessName: 'Harbor & Pine Electric',
};
