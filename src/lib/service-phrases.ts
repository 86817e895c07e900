import type { ServiceFile } from '../schemas/catalogue.ts';
import { push } from './phrase-matcher.ts';
import { normaliseText } from './text.ts';

/**
 * The phrases a catalogue's services are found by: labels, ids and synonyms,
 * each in the other number and spelling customers write (withVariants),
 * things named bare that one service owns (bareThingPhrases), and what the
 * matcher needs to know of the catalogue besides (brand names, the outdoor
 * lighting service). Built once per catalogue (docs/insights.md, "Services
 * that are jobs").
 */

/** Phrase → service ids, from labels, ids written as words and synonyms. */
export function servicePhrases(catalogue: readonly ServiceFile[]): Map<string, string[]> {
  const phrases = new Map<string, string[]>();
  for (const s of catalogue) {
    for (const phrase of [s.label, s.id, ...s.synonyms]) push(phrases, normaliseText(phrase), s.id);
  }
  return phrases;
}

/** One-word synonyms the owner writes as names (Champion, Kohler, Generac), as the matcher reads them. */
export function properNamePhrases(catalogue: readonly ServiceFile[]): Set<string> {
  const names = new Set<string>();
  for (const s of catalogue)
    for (const synonym of s.synonyms)
      if (/^\p{Lu}[^\s]*\p{Ll}/u.test(synonym) && !/\s/.test(synonym.trim())) names.add(normaliseText(synonym));
  return names;
}

/**
 * Each catalogue phrase also in the other number and with its hyphens as
 * spaces ("ceiling fan" / "ceiling fans", "under-cabinet lights" / "under
 * cabinet lights"): the catalogue names a job once, customers write it either
 * way. A variant never takes a phrase the catalogue gives itself.
 */
export function withVariants(phrases: ReadonlyMap<string, string[]>): Map<string, string[]> {
  const all = new Map(phrases);
  for (const [phrase, ids] of phrases) {
    for (const variant of variantsOf(phrase)) if (!all.has(variant)) all.set(variant, ids);
  }
  return all;
}

function variantsOf(phrase: string): string[] {
  const variants = new Set<string>();
  // "three-way switch" is also written "3-way switch".
  const digits = phrase.replace(/\b(one|two|three|four)\b/g, (w) => String(['one', 'two', 'three', 'four'].indexOf(w) + 1));
  const forms = [phrase, phrase.replace(/-/g, ' '), digits, digits.replace(/-/g, ' ')];
  for (const form of forms) {
    variants.add(form);
    const words = form.split(' ');
    const last = words.pop() ?? '';
    // Numbers, codes and short words ("14-50", "ev", "gfci") have no other number.
    if (!/^\p{L}{4,}$/u.test(last)) continue;
    const other = /ies$/.test(last)
      ? `${last.slice(0, -3)}y`
      : /(?:ch|sh|x|ss)es$/.test(last)
        ? last.slice(0, -2)
        : /[^s]s$/.test(last)
          ? last.slice(0, -1)
          : /[^aeiou]y$/.test(last)
            ? `${last.slice(0, -1)}ies`
            : /(?:ch|sh|x|ss)$/.test(last)
              ? `${last}es`
              : /s$/.test(last)
                ? null
                : `${last}s`;
    // "cans" is not also "can": a number's other form that is a word of grammar ("can", "will") would find every sentence.
    if (other && !GRAMMAR_WORDS.has(other)) variants.add([...words, other].join(' '));
    // Lights are also written as their LEDs: "under-cabinet LEDs".
    if (last === 'lights' && words.length > 0) variants.add([...words, 'leds'].join(' '));
  }
  // A compound's mass noun is also written as its count noun and back: "landscape lighting" / "landscape lights",
  // "network cabling" / "network cable", "under-cabinet lights" / "under-cabinet lighting".
  const head = /^(.+ )(\p{L}{3,}?)(e?)(?:ing|s)$/u.exec(phrase);
  if (head && phrase.includes(' ')) {
    const [, words, stem] = head;
    if (phrase.endsWith('ing')) for (const end of ['', 'e', 's', 'es']) variants.add(`${words}${stem}${end}`);
    else variants.add(`${words}${stem}ing`);
  }
  // A one-word job noun is also written as its verb: "an inspection" / "Dee inspected the house".
  if (/^\p{L}+ction$/u.test(phrase)) variants.add(phrase.replace(/ction$/, 'cted'));
  variants.delete(phrase);
  return [...variants];
}

/** Words of English grammar that a catalogue phrase's other number may spell ("cans" / "can"): never a thing. */
const GRAMMAR_WORDS = new Set(['can', 'will', 'may', 'must', 'lets', 'does', 'was', 'has', 'its', 'this', 'thus', 'plus', 'us']);

/** Things a customer names bare ("the panel", "a fan", "new fixtures") that a catalogue phrase ends with. */
const THINGS: readonly (readonly string[])[] = [
  ['light', 'lights', 'lighting'],
  ['panel', 'panels'],
  ['fan', 'fans'],
  ['fixture', 'fixtures'],
  ['chandelier', 'chandeliers'],
  ['pendant', 'pendants'],
  ['sconce', 'sconces'],
  ['charger', 'chargers'],
  ['generator', 'generators'],
  ['detector', 'detectors'],
  ['alarm', 'alarms'],
  ['switch', 'switches'],
  ['dimmer', 'dimmers'],
  ['receptacle', 'receptacles'],
  ['outlet', 'outlets'],
  ['breaker', 'breakers'],
  ['circuit', 'circuits'],
];

/**
 * A thing named bare, mapped to the one catalogue service whose label or
 * synonyms end with it ("light fixtures" makes "fixtures" lighting); a thing
 * two services end with (a "dead circuit" and a "new circuit") stays out. Bare
 * things count only with a job around them (service-jobs.ts).
 */
export function bareThingPhrases(catalogue: readonly ServiceFile[], catalogued: ReadonlyMap<string, string[]>): Map<string, string[]> {
  const bare = new Map<string, string[]>();
  for (const forms of THINGS) {
    const owners = new Map<string, number>();
    for (const s of catalogue) {
      for (const phrase of [s.label, ...s.synonyms]) {
        const last = normaliseText(phrase).split(/\s+/).pop() ?? '';
        if (forms.includes(last)) owners.set(s.id, (owners.get(s.id) ?? 0) + 1);
      }
    }
    // Lights belong to two services when one is outdoor lighting: bare, they are the indoor one (an outdoor word
    // before them makes them outdoor: outdoorOwner).
    // Only services whose label names lights own them ("flickering lights" is a symptom of another service).
    // Other things two services end with go to the one that ends with them most, by more than one ("light switch",
    // "three-way switch" against "transfer switch"); a circuit is too often part of another job (a hot tub's, a
    // range's) to be given to one by count.
    const indoor = forms.includes('lights')
      ? generalFirst(
          catalogue,
          [...owners.keys()].filter((id) => /\blight/.test(labelOf(catalogue, id)) && !OUTDOOR.test(labelOf(catalogue, id))),
        )
      : forms.includes('circuit')
        ? [...owners.keys()].filter(() => owners.size === 1)
        : majorityOwner(owners);
    if (indoor.length !== 1) continue;
    for (const form of forms) if (!catalogued.has(form)) bare.set(form, indoor);
  }
  // A thing the catalogue names only as the head of three phrases or more of one service ("swamp cooler", "evap cooler",
  // "evaporative cooler") is that service's thing named bare; a word of a job ("upgrade", "wiring") is no thing.
  const heads = new Map<string, Map<string, number>>();
  for (const s of catalogue)
    for (const phrase of [s.label, ...s.synonyms]) {
      const last =
        normaliseText(phrase)
          .split(/[\s-]+/)
          .pop() ?? '';
      const owners = heads.get(last) ?? new Map<string, number>();
      owners.set(s.id, (owners.get(s.id) ?? 0) + 1);
      heads.set(last, owners);
    }
  for (const [head, owners] of heads) {
    const [only] = [...owners];
    if (owners.size !== 1 || only![1] < 3 || !/^\p{L}{4,}$/u.test(head) || JOB_WORDS.test(head) || catalogued.has(head) || bare.has(head))
      continue;
    bare.set(head, [only![0]]);
  }
  return bare;
}

/**
 * Of two lighting services, the general one ("Lighting installation") owns bare lights; the other names a kind
 * ("Recessed lighting") and has its own phrases.
 */
function generalFirst(catalogue: readonly ServiceFile[], ids: string[]): string[] {
  if (ids.length < 2) return ids;
  const general = ids.filter((id) => /^light/.test(labelOf(catalogue, id)));
  return general.length === 1 ? general : ids;
}

/** Words of a job or of wiring in general, never a thing of one service. */
const JOB_WORDS =
  /^(?:upgrade|upgrades|wiring|rewiring|rewire|service|services|protection|installation|install|repair|repairs|replacement|inspection|inspections|troubleshooting|line|lines|tube|heat|split|lighting|lights|light|maintenance|circuit|circuits|power|cable|cabling)$/;

function majorityOwner(owners: ReadonlyMap<string, number>): string[] {
  const ranked = [...owners].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 1) return [ranked[0]![0]];
  return ranked.length > 1 && ranked[0]![1] >= ranked[1]![1] + 2 ? [ranked[0]![0]] : [];
}

/** Words that put a thing or a service outdoors. */
export const OUTDOOR =
  /\b(?:outdoor|outdoors|outside|exterior|landscape|yard|garden|porch|deck|patio|dock|soffit|flood|security|motion|path|pathway|driveway|string)\b/;

function labelOf(catalogue: readonly ServiceFile[], id: string): string {
  return normaliseText(catalogue.find((s) => s.id === id)?.label ?? '');
}

/** The outdoor lighting service of a catalogue, if it has one: lights with an outdoor word before them are its. */
export function outdoorOwner(catalogue: readonly ServiceFile[]): string | null {
  const outdoor = catalogue.filter((s) => OUTDOOR.test(normaliseText(s.label)) && /\blight/.test(normaliseText(s.label)));
  return outdoor.length === 1 ? outdoor[0]!.id : null;
}
