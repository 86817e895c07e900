import type { Aspect, AspectId } from '../../schemas/catalogue.ts';
import { ASPECT_VALENCE, BUILT_IN_CUES, PERSON_NOUNS, WORK_OBJECTS, type CueSense } from './aspect-cues.ts';
import { VALENCE, parseTable } from './lexicon.ts';
import { BOOSTERS, COUNTERFACTUALS, HEDGES, NEGATORS, REPAIR_VERBS, UNREALISED } from './modifiers.ts';
import { tokenize } from './tokenize.ts';

/** Everything the analyser knows about one word or phrase. */
export interface Entry {
  /** General opinion, VADER scale; 0 when the phrase carries none. */
  valence: number;
  /** Opinion that replaces `valence` when the phrase attaches to one of these aspects. */
  aspectValence: Partial<Record<AspectId, number>> | undefined;
  cues: CueSense[];
  negator: boolean;
  /** Booster (> 1) or hedge (< 1) of the opinion words right after it. */
  multiplier: number;
  counterfactual: boolean;
  /** "could have ...": fault words after it did not happen. */
  unrealised: boolean;
  repair: boolean;
  /** Names another business ("our previous electrician"): its clause says nothing about this one. */
  otherParty: boolean;
}

/** Phrase → entry, keyed by folded tokens joined with one space. */
export interface Dictionary {
  entries: ReadonlyMap<string, Entry>;
  /** Every proper prefix of a multi-word phrase ("would", "would have"): a match grows only while it is one. */
  prefixes: ReadonlySet<string>;
}

/**
 * Phrases that would otherwise be misread: a time of day is not lateness
 * ("late at night"), "kind of" is a hedge, and a zip code is not the
 * electrical code. They match as a whole and mean nothing.
 */
const INERT_PHRASES = `
0 late_at_night late_night late_in_the_day late_afternoon late_evening late_last late_notice late_fee late_model too_late_to_call
0 my_late her_late his_late our_late their_late the_late
0 code_violation code_violations
0 early_morning early_on early_afternoon early_evening early_last early_next earlier_this
0 i_had_no_idea we_had_no_idea i_have_no_idea we_have_no_idea
0 to_be_fair fair_enough promo_code zip_code discount_code coupon_code code_word
0 not_only not_just nothing_but no_matter no_doubt can't_believe couldn't_believe could_not_believe can't_wait not_sure
0 work_out worked_out work_from_home job_site
1.6 didn't_push did_not_push never_pushed no_pressure no_upsell
-1.5 knocking_one_star knocking_off_a_star knock_off_a_star knocked_one_star took_off_a_star knocked_off_a_star minus_one_star could_have_been_better could've_been_better expected_better expected_more could_use_some_work
`;

/** "early August" is a date, not punctuality. */
const MONTHS = 'january february march april may june july august september october november december spring summer fall autumn winter';

const OTHER_PARTY_ADJECTIVES = 'original previous prior last first old other another different former';
const OTHER_PARTY_NOUNS =
  'electrician electricians company companies contractor contractors guy guys outfit outfits handyman owner owners builder tech techs';

const COUNTERFACTUAL_PHRASES =
  "wish_they_had wish_he_had wish_she_had wish_they'd wish_he'd wish_she'd wish_they_would wish_he_would wish_she_would wish_they_were wish_he_was wish_she_was wish_someone_had";

/**
 * `people`: names customers use for the technicians; like "the tech", they
 * name professionalism when a word about manner attaches ("Priya was lovely").
 */
export function compileDictionary(aspects: readonly Aspect[], people: readonly string[] = []): Dictionary {
  const entries = new Map<string, Entry>();
  const at = (phrase: string): Entry => {
    const key = keyOf(phrase);
    let entry = entries.get(key);
    if (!entry) {
      entry = emptyEntry();
      entries.set(key, entry);
    }
    return entry;
  };
  for (const [phrase, value] of VALENCE) at(phrase).valence = value;
  for (const [phrase, value] of parseTable(INERT_PHRASES)) at(phrase).valence = value;
  for (const [word, byAspect] of ASPECT_VALENCE) at(word).aspectValence = byAspect;
  for (const word of NEGATORS) at(word).negator = true;
  for (const [phrase, value] of [...BOOSTERS, ...HEDGES]) at(phrase).multiplier = value;
  for (const phrase of COUNTERFACTUALS) at(phrase).counterfactual = true;
  for (const phrase of COUNTERFACTUAL_PHRASES.split(' ')) at(phrase.replace(/_/g, ' ')).counterfactual = true;
  for (const phrase of UNREALISED) at(phrase).unrealised = true;
  for (const month of MONTHS.split(' ')) {
    at(`early ${month}`);
    at(`late ${month}`);
  }
  for (const adjective of OTHER_PARTY_ADJECTIVES.split(' ')) {
    for (const noun of OTHER_PARTY_NOUNS.split(' ')) at(`${adjective} ${noun}`).otherParty = true;
  }
  for (const [phrase, senses] of BUILT_IN_CUES) at(phrase).cues.push(...senses);
  for (const aspect of aspects) for (const cue of aspect.cues) addContentCue(at(cue), aspect.id, cue);
  for (const person of [...PERSON_NOUNS.split(' '), ...people]) addPerson(at(person));
  for (const object of WORK_OBJECTS.split(' ')) addObject(at(object));
  // "tracked down a bad neutral": a phrase led by a repair verb repairs too.
  for (const [key, entry] of entries) if (REPAIR_VERBS.has(key.split(' ')[0]!)) entry.repair = true;
  return finish(entries);
}

function addObject(entry: Entry): void {
  if (!entry.cues.some((sense) => sense.aspect === 'workmanship')) entry.cues.push({ aspect: 'workmanship', kind: 'o' });
}

function addPerson(entry: Entry): void {
  if (!entry.cues.some((sense) => sense.aspect === 'professionalism')) entry.cues.push({ aspect: 'professionalism', kind: 'w' });
}

/** An owner-added cue takes the sign of its general valence ("rude" is negative). */
function addContentCue(entry: Entry, aspect: AspectId, cue: string): void {
  if (entry.cues.some((sense) => sense.aspect === aspect)) return;
  const valence = VALENCE.get(keyOf(cue)) ?? 0;
  entry.cues.push({ aspect, kind: valence > 0 ? '+' : valence < 0 ? '-' : '0' });
}

function finish(entries: Map<string, Entry>): Dictionary {
  const prefixes = new Set<string>();
  for (const key of entries.keys()) {
    const words = key.split(' ');
    for (let n = 1; n < words.length; n++) prefixes.add(words.slice(0, n).join(' '));
  }
  return { entries, prefixes };
}

/** Content and tables are keyed the way review text is tokenized ("same-day" → "same day"). */
export function keyOf(phrase: string): string {
  return tokenize(phrase.replace(/_/g, ' '))
    .map((t) => t.norm)
    .join(' ');
}

function emptyEntry(): Entry {
  return {
    valence: 0,
    aspectValence: undefined,
    cues: [],
    negator: false,
    multiplier: 1,
    counterfactual: false,
    unrealised: false,
    repair: false,
    otherParty: false,
  };
}
