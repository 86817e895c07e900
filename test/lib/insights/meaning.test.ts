import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { analyseReview, createAnalysisContext } from '../../../src/lib/insights/analyse-review.ts';
import { wholeSpan } from '../../../src/lib/insights/spans.ts';
import { ServiceAreaSchema, TechnicianSchema } from '../../../src/schemas/catalogue.ts';
import { ASPECTS, review } from './fixture.ts';

// The sample business's roster and areas: the examples are its reviews (issue 30).
const content = (file: string) => JSON.parse(readFileSync(new URL(`../../../content/${file}`, import.meta.url), 'utf8')) as unknown;
const context = createAnalysisContext(
  ASPECTS,
  z.array(TechnicianSchema).parse(content('technicians.json')),
  z.array(ServiceAreaSchema).parse(content('service-areas.json')),
);

function analyse(text: string, rating: number) {
  return analyseReview(review({ id: '01HQ0000000000000000000001', rating, date: '2025-01-01', text }), context).analysis;
}
function aspects(text: string, rating: number): Record<string, string> {
  return Object.fromEntries(analyse(text, rating).aspects.map((a) => [a.id, a.polarity]));
}

describe('what the customer says of this business, and only that (issue 30)', () => {
  it('reads a refusal of unsafe or unpermitted work as positive safety', () => {
    const text =
      "Wanted a 50 amp plug for my EV put on the existing dryer wire in the garage. They refused and said I need new wire and a permit, which turns a $200 job into $1,100. Other guys would've just done it. Ridiculous upselling.";
    const analysis = analyse(text, 1);
    expect(analysis.aspects.find((a) => a.id === 'safety')).toMatchObject({
      polarity: 'positive',
      evidence: 'They refused and said I need new wire and a permit',
    });
    expect(aspects(text, 1).pricing).toBe('negative');
  });

  it('reads a complaint about a fee as pricing, not technical knowledge', () => {
    const found = aspects(
      'Paid $165 for someone to come out and tell me the problem was on the utility side. So I basically paid $165 for nothing. They should have told me on the phone to call PSE first.',
      1,
    );
    expect(found.pricing).toBe('negative');
    expect(found.technical_knowledge).toBeUndefined();
  });

  it('does not blame this business for another party: "the deck guy was two days late"', () => {
    const found = aspects(
      "We finally got the hot tub!!! Harbor & Pine did the trench, conduit, spa disconnect and the circuit from the panel. Tomás worked around our deck builder's schedule without a single complaint even when the deck guy was two days late. Passed the county inspection no problem. First soak was worth every penny.",
      5,
    );
    expect(found.punctuality).toBeUndefined();
    // Nothing the review says of this business is a complaint; what it praises is read ("Passed the county
    // inspection no problem", "worth every penny"). Model 2.4.0 no longer reads "worked around our deck builder's
    // schedule without a single complaint" as professionalism, which 2.3.0 did.
    expect(Object.values(found)).not.toContain('negative');
    expect(found.workmanship).toBe('positive');
    expect(found.pricing).toBe('positive');
  });

  it('reads idioms as what they mean: "I don\'t know how these guys do it", "swore I\'d never do that again"', () => {
    const admiration = aspects(
      "The December windstorm dropped a fir across our service line and tore the meter off the house. I called the emergency line and Marcus was here within a couple hours, made everything safe, and stayed on the phone with PSE for an hour to get a crew scheduled. He rebuilt the mast and meter base the next day. Over the holidays! I don't know how these guys do it. Forever customers.",
      5,
    );
    expect(admiration.communication).toBeUndefined();
    expect(admiration.responsiveness).toBe('positive');
    const vow = aspects(
      "Lost power for almost three days over Christmas and swore I'd never do that again. Tomás came out in January and put in a generator interlock kit plus an inlet box on the side of the garage. Price was exactly what they quoted.",
      5,
    );
    expect(vow.professionalism).toBeUndefined();
    expect(vow.pricing).toBe('positive');
  });

  it('does not read the customer\'s own account of the problem as a verdict: "nearly impossible to reach" of light fixtures', () => {
    const found = aspects(
      'Our small church on the Eastside needed the sanctuary lighting updated. The old fixtures were from the 1960s and nearly impossible to reach. Marcus gave us a quote that respected our tiny budget, and his crew worked during the week so Sunday services were never interrupted.',
      5,
    );
    expect(found.responsiveness).toBeUndefined();
  });

  it('keeps a hazard another party left as safety when this business found it', () => {
    expect(
      aspects(
        'She caught that my previous contractor had put 20 amp receptacles on a 15 amp circuit and wrong-sized breakers in two others. Fixed all three the same week.',
        5,
      ).safety,
    ).toBe('positive');
  });
});

describe('review sentiment agrees with the stars unless the text clearly says otherwise', () => {
  it('"Third time hiring them. Still no complaints." under five stars is positive', () => {
    expect(analyse('Third time hiring them. Still no complaints.', 5).sentiment?.label).toBe('positive');
  });

  it('two-star reviews about a missed window and a $760 overrun are negative', () => {
    expect(
      analyse(
        "Quoted $3,650 for a 200 amp upgrade. Final bill was $4,410. Their explanation was the meter base had to be replaced once they opened things up. Maybe that's legit but I found out when the invoice showed up, not when they found it. The work itself looks good and passed inspection, but I'd want a phone call before you add $760 to my bill.",
        2,
      ).sentiment?.label,
    ).toBe('negative');
    expect(
      analyse(
        'Window was 8–12. Tech showed up at 2:30, no call, no text. I had to take an unpaid half-day. The electrician was nice and the two outlets got replaced fine, but respect people’s time.',
        2,
      ).sentiment?.label,
    ).toBe('negative');
  });

  it('keeps a text that clearly says otherwise', () => {
    expect(analyse('Terrible. Rude, late, overcharged us and left a mess. Never again.', 5).sentiment?.label).toBe('negative');
  });
});

describe('evidence is never cut inside a phrase', () => {
  const evidence = (text: string, rating: number, id: string) => analyse(text, rating).aspects.find((a) => a.id === id)?.evidence;

  it('keeps times and ranges whole: "Window was 8–12", "7:30 every morning"', () => {
    expect(
      evidence(
        'Window was 8–12. Tech showed up at 2:30, no call, no text. I had to take an unpaid half-day. The electrician was nice and the two outlets got replaced fine, but respect people’s time.',
        2,
        'punctuality',
      ),
    ).toBe('Window was 8–12');
    expect(
      evidence(
        "Chris O. put together a plan, and Sofia's crew did a full rewire and a new panel over about three weeks. They were on site at 7:30 every morning, which after our last contractor felt like a miracle.",
        5,
        'punctuality',
      ),
    ).not.toMatch(/^30\b/);
  });

  it('does not end on a word that needs the next one: "the morning of", "told me the"', () => {
    expect(
      evidence(
        'Oven breaker died on December 23rd with a 20 pound turkey waiting. Dale came the morning of the 24th, replaced the breaker, checked the range wiring, and was gone by 10. Christmas dinner was saved.',
        5,
        'punctuality',
      ),
    ).toBe('Dale came the morning of the 24th');
    const tricia = analyse(
      'Called about one dead outlet in my bedroom. The woman who answered was short with me from the start, told me the "trip fee" before she even asked what the problem was, and said the soonest anyone could come was nine days out.',
      1,
    );
    for (const a of tricia.aspects) expect(a.evidence).not.toMatch(/\b(?:the|of|a|to|when)$/);
  });

  it('widens or trims a span at its edges only', () => {
    const text = 'Tech showed up at 2:30 pm, the window was 8-12 and he said "trip fee" twice.';
    const slice = (from: string, to: string) => {
      const span = wholeSpan(text, text.indexOf(from), text.indexOf(to) + to.length);
      return text.slice(span.start, span.end);
    };
    expect(slice('30 pm', 'pm')).toBe('2:30 pm');
    expect(slice('the window', 'was 8')).toBe('the window was 8-12');
    expect(slice('he said', 'trip')).toBe('he said "trip fee"');
    expect(slice('the window', '12 and')).toBe('the window was 8-12');
  });
});
