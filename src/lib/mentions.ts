import type { ServiceFile, Technician } from '../schemas/catalogue.ts';
import { judgeOccurrence, partOfAnotherJob, wordsOf } from './service-jobs.ts';
import { isTechnicianMention } from './technician-names.ts';
import { escapeRegExp, normaliseText } from './text.ts';

/**
 * Finds which roster technicians and catalogue services a text mentions.
 * One alternation per kind, longest phrase first, so "breaker panel" is read
 * as the panel and not also as a breaker. A service counts only when the words
 * around it make it a job done or quoted for this customer (service-jobs.ts);
 * a name that is also a word counts only where it is used as a name
 * (technician-names.ts).
 */
export interface MentionMatcher {
  technicians(text: string): string[];
  services(text: string): string[];
  /** Services the text names but not as a job for this customer: denied, not needed, someone else's, a symptom. */
  serviceReferences(text: string): { services: string[]; negated: string[] };
}

export function createMentionMatcher(roster: readonly Technician[], catalogue: readonly ServiceFile[]): MentionMatcher {
  const technicianMatch = phraseMatcher(technicianPhrases(roster, { includeSharedFirstNames: true }));
  const specific = specificNames(roster);
  const catalogued = withVariants(servicePhrases(catalogue));
  const bare = bareThingPhrases(catalogue, catalogued);
  const serviceMatch = phraseMatcher(new Map([...catalogued, ...bare]));
  const serviceReferences = (text: string): { services: string[]; negated: string[] } => {
    const normalised = normaliseText(text);
    const matches = serviceMatch(normalised);
    if (matches.length === 0) return { services: [], negated: [] };
    const words = wordsOf(normalised);
    const done = new Set<string>();
    const named = new Set<string>();
    for (const [k, m] of matches.entries()) {
      // A part of another job is that job only, in neither list (corpus/entities/README.md's rule for labellers).
      if (partOfAnotherJob(normalised, matches, k)) continue;
      const isBare = bare.has(m.phrase);
      const judgement = judgeOccurrence(normalised, words, { phrase: m.phrase, start: m.start, end: m.end, bare: isBare });
      // A bare word that is not the job ("ran it from the panel") names a place, not a service.
      if (judgement !== 'job' && isBare && judgement !== 'negated') continue;
      for (const id of m.targets) (judgement === 'job' ? done : named).add(id);
    }
    return { services: [...done].sort(), negated: [...named].filter((id) => !done.has(id)).sort() };
  };
  return {
    technicians: (text) => {
      const found = new Set<string>();
      const matches = technicianMatch(text);
      if (matches.length === 0) return [];
      // A shared first name means both, unless the review names one of them fully ("Chris D. … Chris was great").
      const named = new Set(matches.filter((m) => m.targets.length === 1).flatMap((m) => m.targets));
      for (const m of matches) {
        // Case decides for names that are words; the offsets are the original's unless NFKC changed the length.
        const original = normaliseText(text).length === text.length ? text : normaliseText(text);
        if (!isTechnicianMention(original, m.start, m.end, specific.has(m.phrase))) continue;
        const targets = m.targets.length > 1 && m.targets.some((t) => named.has(t)) ? m.targets.filter((t) => named.has(t)) : m.targets;
        for (const t of targets) found.add(t);
      }
      return [...found].sort();
    },
    services: (text) => serviceReferences(text).services,
    serviceReferences,
  };
}

/**
 * Phrase → technician names. A first name two technicians share is ambiguous in
 * free text; a search filter includes it (docs/interface.md, "Matching": a
 * first name two technicians share names both), and so does derivation, where a review
 * that also names one of them fully means that one.
 */
export function technicianPhrases(roster: readonly Technician[], options: { includeSharedFirstNames: boolean }): Map<string, string[]> {
  const firstNameOwners = new Map<string, string[]>();
  for (const t of roster) push(firstNameOwners, normaliseText(firstName(t.name)), t.name);
  const phrases = new Map<string, string[]>();
  for (const t of roster) {
    for (const alias of [t.name, ...t.aliases]) push(phrases, normaliseText(alias), t.name);
    const first = normaliseText(firstName(t.name));
    const shared = (firstNameOwners.get(first)?.length ?? 0) > 1;
    if (!shared || options.includeSharedFirstNames) push(phrases, first, t.name);
  }
  return phrases;
}

/** Phrase → service ids, from labels, ids written as words and synonyms. */
export function servicePhrases(catalogue: readonly ServiceFile[]): Map<string, string[]> {
  const phrases = new Map<string, string[]>();
  for (const s of catalogue) {
    for (const phrase of [s.label, s.id, ...s.synonyms]) push(phrases, normaliseText(phrase), s.id);
  }
  return phrases;
}

/**
 * Each catalogue phrase also in the other number and with its hyphens as
 * spaces ("ceiling fan" / "ceiling fans", "under-cabinet lights" / "under
 * cabinet lights"): the catalogue names a job once, customers write it either
 * way. A variant never takes a phrase the catalogue gives itself.
 */
function withVariants(phrases: ReadonlyMap<string, string[]>): Map<string, string[]> {
  const all = new Map(phrases);
  for (const [phrase, ids] of phrases) {
    for (const variant of variantsOf(phrase)) if (!all.has(variant)) all.set(variant, ids);
  }
  return all;
}

function variantsOf(phrase: string): string[] {
  const variants = new Set<string>();
  const forms = [phrase, phrase.replace(/-/g, ' ')];
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
    if (other) variants.add([...words, other].join(' '));
  }
  variants.delete(phrase);
  return [...variants];
}

/** Things a customer names bare ("the panel", "a fan", "new fixtures") that a catalogue phrase ends with. */
const THINGS: readonly (readonly string[])[] = [
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
function bareThingPhrases(catalogue: readonly ServiceFile[], catalogued: ReadonlyMap<string, string[]>): Map<string, string[]> {
  const bare = new Map<string, string[]>();
  for (const forms of THINGS) {
    const owners = new Set<string>();
    for (const s of catalogue) {
      for (const phrase of [s.label, ...s.synonyms]) {
        const last = normaliseText(phrase).split(/\s+/).pop() ?? '';
        if (forms.includes(last)) owners.add(s.id);
      }
    }
    if (owners.size !== 1) continue;
    for (const form of forms) if (!catalogued.has(form)) bare.set(form, [...owners]);
  }
  return bare;
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** Phrases that name one person beyond doubt: a full name, or an alias of two words or more ("Chris D."). */
function specificNames(roster: readonly Technician[]): Set<string> {
  const names = new Set<string>();
  for (const t of roster) for (const alias of [t.name, ...t.aliases]) if (/\s/.test(alias.trim())) names.add(normaliseText(alias));
  return names;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

interface PhraseMatch {
  phrase: string;
  targets: string[];
  /** Offsets in the normalised text (the same as the original's for ASCII and composed text). */
  start: number;
  end: number;
}

function phraseMatcher(phrases: Map<string, string[]>): (text: string) => PhraseMatch[] {
  if (phrases.size === 0) return () => [];
  const alternation = [...phrases.keys()]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map(escapeRegExp)
    .join('|');
  // Whole words: \b is ASCII-only, so use Unicode-aware lookarounds ("Tomás").
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation})(?![\\p{L}\\p{N}])`, 'gu');
  return (text) =>
    [...normaliseText(text).matchAll(pattern)].map((m) => ({
      phrase: m[0],
      targets: phrases.get(m[0]) ?? [],
      start: m.index,
      end: m.index + m[0].length,
    }));
}
