import type { ServiceFile } from '../schemas/catalogue.ts';
import { phraseMatcher, type PhraseMatch } from './phrase-matcher.ts';
import { serviceRoles, tellsAmperageUpgrade, tellsCauseFound, tellsUpkeep, dedicatedCircuitsTold } from './service-findings.ts';
import {
  firstEndingAfter,
  SENTENCE_REACH,
  type Judgement,
  isCatchAll,
  judgeOccurrence,
  partOfAnotherJob,
  requested,
  sentenceAround,
  unmetRequests,
  wordsOf,
} from './service-jobs.ts';
import { bareThingPhrases, OUTDOOR, outdoorOwner, properNamePhrases, servicePhrases, withVariants } from './service-phrases.ts';
import { englishTradeWords } from './spanish-trade-words.ts';
import { normaliseText } from './text.ts';

/**
 * Which catalogue services a review names as jobs done or quoted for this
 * customer, and which it names otherwise (docs/insights.md, "Services that are
 * jobs"). Each find of a catalogue phrase is judged alone (service-jobs.ts),
 * then beside the finds around it: lists, parts of another job, a circuit and
 * its load, a thing named again; findings without a catalogue phrase come from
 * service-findings.ts.
 */
export interface ServiceReferences {
  services: string[];
  negated: string[];
}

/**
 * The reader of one catalogue, its phrases built once. `namesTechnician` tells
 * whether a text names one of the roster: a cause found when nobody came was
 * found by someone else, unless a technician is named.
 */
export function createServiceReader(
  catalogue: readonly ServiceFile[],
  namesTechnician: (text: string) => boolean,
): (text: string) => ServiceReferences {
  const catalogued = withVariants(servicePhrases(catalogue));
  const bare = bareThingPhrases(catalogue, catalogued);
  const serviceMatch = phraseMatcher(new Map([...catalogued, ...bare]));
  const roles = serviceRoles(catalogue);
  const properNames = properNamePhrases(catalogue);
  const outdoorLighting = outdoorOwner(catalogue);
  return (text: string): ServiceReferences => {
    const lowered = normaliseText(text);
    // A review in Spanish names its jobs in Spanish: its trade words are read in English ("cambió el breaker").
    const normalised = englishTradeWords(lowered);
    // "swapped a dead outlet": a listed symptom replaced is a job on its thing, named by the catalogue on its own.
    const matches: PhraseMatch[] = serviceMatch(normalised).map((m) => {
      const head = m.phrase.split(' ').pop()!;
      const thing = catalogued.get(head);
      return roles.symptomPhrases.has(m.phrase) &&
        thing !== undefined &&
        REPLACING_VERB.test(normalised.slice(Math.max(0, m.start - 30), m.start))
        ? { ...m, phrase: head, targets: thing, start: m.end - head.length }
        : m;
    });
    // "the pressure switch contacts were pitted … New switch", "the pool light … replaced the old 500 watt light": a thing
    // named again bare is the thing of the phrase it was first named by, when that phrase is another service's.
    for (const [k, m] of matches.entries()) {
      if (m.phrase.includes(' ') || !ANAPHORA_BEFORE.test(normalised.slice(Math.max(0, m.start - 40), m.start))) continue;
      const word = singular(m.phrase);
      for (let j = k - 1; j >= 0 && m.start - matches[j]!.end < 300; j--) {
        const o = matches[j]!;
        if (!o.phrase.includes(' ') || singular(o.phrase.split(' ').pop()!) !== word) continue;
        if (!o.targets.some((t) => m.targets.includes(t))) matches[k] = { ...m, targets: o.targets };
        break;
      }
    }
    const done = new Set<string>();
    const named = new Set<string>();
    // A visit that found nothing ("couldn't find anything", "said everything tested fine") is no troubleshooting, whatever
    // fee was paid or whoever found the cause later.
    const nothingFound = NOTHING_FOUND.test(normalised);
    const causeFound = roles.troubleshooting !== null && !nothingFound && tellsCauseFound(normalised);
    if (causeFound) done.add(roles.troubleshooting!);
    // A cause found when nobody came ("Nobody did. Turned out it was the utility's transformer") was found by someone else …
    // The review read whole once (linear in its length), not once per find.
    const unmet = unmetRequests(normalised);
    // … and no one of the roster is named (a named technician who found it found it: "Mark S. traced it to …").
    const causeByOthers = causeFound && unmet && !namesTechnician(text);
    if (roles.amperage !== null && tellsAmperageUpgrade(normalised)) done.add(roles.amperage);
    const told = roles.circuit === null ? [] : dedicatedCircuitsTold(normalised);
    const words = matches.length > 0 || told.length > 0 ? wordsOf(normalised) : [];
    const solar = /\bsolar\b/.test(normalised);
    // A circuit made for one load goes through the rules every find does: "said we would need a new circuit for the
    // dryer. We passed." is denied, not a job.
    const circuitJudged = told.map((c) => {
      const judgement = judgeOccurrence(normalised, words, { phrase: 'dedicated circuit', start: c.start, end: c.end });
      return judgement === 'job' && unmet && requested(normalised, c.start, c.end) ? 'negated' : judgement;
    });
    const circuits = told.filter((_, k) => circuitJudged[k] === 'job');
    if (circuitJudged.some((j) => j === 'negated')) named.add(roles.circuit!);
    if (matches.length === 0) {
      if (causeByOthers && circuits.length === 0) done.delete(roles.troubleshooting!);
      if (circuits.length > 0) done.add(roles.circuit!);
      return readings(done, named);
    }
    // A brand that is also a word ("Champion" generators) is the brand only as its name is written: "Wade is a champion"
    // is not, unless the whole review is in lower case.
    const caseKnown = normalised === lowered && normalised.length === text.length && /\p{Lu}/u.test(text);
    // Each find judged alone first: null when it is in neither list.
    const judged = matches.map((m): Judgement | null => {
      if (caseKnown && properNames.has(m.phrase) && !/^\p{Lu}/u.test(text.slice(m.start, m.end))) return null;
      // Panels named bare and plural in a review about solar are its solar panels ("Sunrun put our panels up").
      if (m.phrase === 'panels' && bare.has(m.phrase) && solar) return null;
      // A symptom the catalogue lists ("flickering lights") is troubleshooting only when its cause was found.
      if (roles.symptomPhrases.has(m.phrase) && m.targets.length === 1 && m.targets[0] === roles.troubleshooting && !causeFound)
        return 'negated';
      if (nothingFound && m.targets.length === 1 && m.targets[0] === roles.troubleshooting) return 'negated';
      return judgeOccurrence(normalised, words, {
        phrase: m.phrase,
        start: m.start,
        end: m.end,
        bare: bare.has(m.phrase),
        inspection: roles.inspection !== null && m.targets.includes(roles.inspection),
      });
    });
    // A phrase that only modifies the next find, a catch-all thing of another service, names that thing: "two-prong outlets"
    // are outlets, "the GFCI breaker" a breaker; "our panel's main breaker" is the breaker, in its panel.
    for (const [k, m] of matches.entries()) {
      const next = matches[k + 1];
      if (next === undefined || judged[k] === null || next.targets.some((t) => m.targets.includes(t))) continue;
      const gap = normalised.slice(m.end, next.start);
      // A fault's name stays its own ("a double-tapped breaker" is a code correction where the catalogue lists one), and so
      // does a product's code, whose thing is its part ("a NEMA 14-50 outlet" is the charger's).
      if ((MODIFIES.test(gap) && isCatchAll(next.phrase) && !/ed$|\d/.test(m.phrase)) || POSSESSIVE.test(gap)) judged[k] = null;
    }
    // A part of another job is that job only, in neither list (corpus/entities/README.md's rule for labellers), when that
    // other thing is a job: "a NEMA 14-50 outlet", not "my bathroom fan switch" (an exhaust fan is another thing).
    const partOf = matches.map((_, k) => partOfAnotherJob(normalised, matches, k));
    for (const [k, other] of partOf.entries()) if (other !== -1 && judged[other] === 'job') judged[k] = null;
    // Things listed together share a fate: an item beside a job in a list is a job ("outlets, switches, a ceiling fan and
    // two new light fixtures"), and three things or more listed in a row are an inventory of jobs ("fan, outlets, breaker").
    // Whether each find and the next are items of one list, read once per find: the runs below read every gap anyway.
    const listed = matches.map((m, k) => k + 1 < matches.length && LIST_GAP.test(normalised.slice(m.end, matches[k + 1]!.start)));
    const promotable = (k: number) =>
      namedOnly(judged[k]) && !PLACE_BEFORE.test(normalised.slice(Math.max(0, matches[k]!.start - 24), matches[k]!.start));
    for (let pass = 0; pass < 2; pass++)
      for (const [k, m] of matches.entries()) {
        // A pair in a sentence with no job's verb ("my porch light and the outside outlet both quit") shares no job.
        if (!promotable(k) || !JOB_VERB.test(sentenceAround(normalised, m.start))) continue;
        if ((listed[k] && judged[k + 1] === 'job') || (k > 0 && listed[k - 1] && judged[k - 1] === 'job')) judged[k] = 'job';
      }
    for (let k = 0; k < matches.length;) {
      let j = k;
      while (listed[j]) j++;
      if (j - k >= 2) for (let i = k; i <= j; i++) if (promotable(i)) judged[i] = 'job';
      k = j + 1;
    }
    // A job noun that stands for the thing just named is its job: "had a sketchy panel and Dana priced a replacement",
    // "options for our Zinsco panel … Chris and Dale did the swap", "my panel 'needs to be replaced soon' and Joy sent a
    // $3,200 quote".
    for (const [k, m] of matches.entries()) {
      if (!namedOnly(judged[k])) continue;
      const reach = Math.min(matches[k + 1]?.start ?? normalised.length, m.end + SENTENCE_REACH);
      const after = normalised.slice(m.end, reach);
      const back = JOB_NOUN_BACK.exec(after);
      if ((back !== null && (after.slice(0, back.index).match(/[.!?]/g)?.length ?? 0) <= 2) || QUOTED_REPLACEMENT.test(after))
        judged[k] = 'job';
    }
    // A thing asked for and never done or quoted is not a job ("Asked for a quote on a Generac and the estimator never came out").
    if (unmet)
      for (const [k, m] of matches.entries()) if (judged[k] === 'job' && requested(normalised, m.start, m.end)) judged[k] = 'negated';
    // A catch-all thing that serves another job named before it is part of that job: "heat cable … and put a GFCI for it",
    // "a timer switch on it", "plugged it into a new outlet". The old thing swapped for another service's thing is that
    // job's too: "swapped the old switch for a dimmer", "a ceiling fan …, replacing the boob lights".
    // The services of the jobs before each find, not catch-alls, kept as the finds are read (linear in their number).
    const jobsBefore = new Set<string>();
    for (const [k, m] of matches.entries()) {
      if (k > 0 && judged[k - 1] === 'job' && !isCatchAll(matches[k - 1]!.phrase))
        for (const t of matches[k - 1]!.targets) jobsBefore.add(t);
      if (judged[k] !== 'job') continue;
      const otherJobBefore = [...jobsBefore].some((t) => !m.targets.includes(t));
      const after = normalised.slice(m.end, m.end + 60);
      const lead = normalised.slice(Math.max(0, m.start - 40), m.start);
      if (isCatchAll(m.phrase) && otherJobBefore && (SERVES_IT.test(after) || PLUGGED_INTO.test(lead))) judged[k] = null;
      // "hooked up our new hot tub with a proper disconnect and GFCI", "ran the 50 amp circuit with a GFCI disconnect": the
      // thing that comes with another job in its sentence is that job's part.
      const previousJob = k > 0 && judged[k - 1] === 'job' && !isCatchAll(matches[k - 1]!.phrase) ? matches[k - 1]!.end : -1;
      const circuitBefore = circuits[firstEndingAfter(circuits, m.start) - 1]?.end ?? -1;
      const partStart = Math.max(previousJob, circuitBefore);
      if (isCatchAll(m.phrase) && partStart !== -1 && m.start - partStart < 60 && WITH_PART.test(normalised.slice(partStart, m.start)))
        judged[k] = null;
      const next = matches[k + 1];
      if (
        next !== undefined &&
        SWAPPED_BEFORE.test(lead) &&
        SWAPPED_FOR.test(normalised.slice(m.end, next.start)) &&
        !next.targets.some((t) => m.targets.includes(t))
      )
        judged[k] = null;
      const previous = matches[k - 1];
      if (
        previous !== undefined &&
        judged[k - 1] === 'job' &&
        REPLACING_BEFORE.test(lead) &&
        sameSentence(normalised, previous.start, m.start) &&
        !previous.targets.some((t) => m.targets.includes(t))
      )
        judged[k] = null;
    }
    // Upkeep of a thing the catalogue both installs and maintains ("the yearly service on our Generac", "a generator
    // tune-up") is the maintenance; the thing named without an installing verb is its object, not an installation.
    if (roles.maintenance !== null) {
      const { id, of } = roles.maintenance;
      const upkeep =
        matches.some((m, k) => judged[k] === 'job' && m.targets.includes(id)) ||
        (tellsUpkeep(normalised) && matches.some((m, k) => judged[k] !== 'negated' && m.targets.includes(of)));
      if (upkeep) {
        done.add(id);
        for (const [k, m] of matches.entries())
          if (
            judged[k] === 'job' &&
            m.targets.length === 1 &&
            m.targets[0] === of &&
            !INSTALLED_AROUND.test(aroundFind(normalised, m.start, m.end))
          )
            judged[k] = null;
      }
    }
    // The catalogue's own circuit phrase for another service's load is that service's job: "ran a new circuit for the
    // cooler" where coolers are a service of their own.
    if (roles.circuit !== null)
      for (const [k, m] of matches.entries()) {
        const load = matches[k + 1];
        if (judged[k] !== 'job' || !m.targets.includes(roles.circuit) || load === undefined || load.start - m.end > LOAD_REACH) continue;
        if (judged[k + 1] === null || isCatchAll(load.phrase) || load.targets.includes(roles.circuit)) continue;
        if (!LOAD_GAP.test(normalised.slice(m.end, load.start)) || !LOAD_END.test(normalised.slice(load.end, load.end + 12))) continue;
        judged[k] = null;
        if (namedOnly(judged[k + 1])) judged[k + 1] = 'job';
      }
    const lightingJobs = matches.filter((m, k) => LIGHTING_THING.test(m.phrase) && judged[k] === 'job');
    for (const [k, m] of matches.entries()) {
      const judgement = judged[k];
      if (judgement === null || judgement === undefined) continue;
      // A bare word that is not the job ("ran it from the panel") names a place, not a service; a bare thing that failed
      // ("lights went out") is too vague to name a service.
      if (((judgement === 'reference' || judgement === 'symptom') && bare.has(m.phrase)) || judgement === 'mention') continue;
      // A dimmer or switch hung with new lights in the same sentence is part of that job ("new pendants and a dimmer for them").
      // A dimmer is the lights' own control whenever no other job's verb comes between ("4 can lights and a dimmer"; "He
      // suggested dimmers on two zones" after the lights), unless it is for other lights ("a new dimmer for the kitchen cans").
      if (
        judgement === 'job' &&
        CONTROL_THING.test(m.phrase) &&
        ((lightingJobs.some((l) => sameSentence(normalised, l.start, m.start)) && controlsLights(normalised, m.start, m.end)) ||
          (DIMMER_THING.test(m.phrase) &&
            dimsThem(normalised, lightingJobs[firstEndingAfter(lightingJobs, m.start) - 1]?.end, m.start, m.end)))
      )
        continue;
      // A 30 or 50 amp outlet (for an RV, a welder) or breaker is a dedicated circuit (corpus/entities/README.md's grey cases).
      // Breakers swapped with the panel they sit in are the panel upgrade ("replaced our old breakers with a new panel").
      // Breakers added for their own sake keep their job ("added AFCI breakers").
      if (
        BREAKER_THING.test(m.phrase) &&
        !/\b(?:afci|gfci|arc)\b/.test(m.phrase) &&
        !/\b(?:add|added|adding|new)\s+(?:\p{L}+\s+)?$/u.test(normalised.slice(Math.max(0, m.start - 20), m.start)) &&
        roles.amperage !== null &&
        !m.targets.includes(roles.amperage) &&
        matches.some((o, j) => judged[j] === 'job' && o.targets.includes(roles.amperage!) && sameSentence(normalised, o.start, m.start))
      )
        continue;
      const highAmperage =
        (OUTLET_THING.test(m.phrase) || BREAKER_THING.test(m.phrase)) &&
        HIGH_AMPERAGE_BEFORE.test(normalised.slice(Math.max(0, m.start - 24), m.start));
      const outdoorLights =
        outdoorLighting !== null &&
        bare.has(m.phrase) &&
        /^light/.test(m.phrase) &&
        (OUTDOOR.test(normalised.slice(Math.max(0, m.start - 20), m.start)) ||
          OUTDOOR_PLACE_AFTER.test(normalised.slice(m.end, m.end + 48)));
      const targets = roles.circuit !== null && highAmperage ? [roles.circuit] : outdoorLights ? [outdoorLighting] : m.targets;
      for (const id of targets) (judgement === 'job' ? done : named).add(id);
    }
    // A circuit made for one load is the dedicated circuit, unless another service's thing names it or is its load ("the
    // new hot tub circuit" where the catalogue lists hot tubs on their own, "a long feed from the main panel for the charger").
    const partOfAnother = (c: { start: number; end: number }) => {
      // "gave the cooler its own circuit": the load named right before the circuit, as what it was given to.
      const g = firstEndingAfter(matches, c.start) - 1;
      const given = matches[g];
      if (
        given !== undefined &&
        judged[g] !== null &&
        c.start - given.end < 3 &&
        !isCatchAll(given.phrase) &&
        !given.targets.includes(roles.circuit!) &&
        GIVEN_BEFORE.test(normalised.slice(Math.max(0, given.start - 30), given.start))
      ) {
        if (namedOnly(judged[g])) for (const t of given.targets) done.add(t);
        return true;
      }
      // "installed a Grizzl-E on a new 60 amp circuit", "put a NEMA 14-50 in the garage on its own breaker": the circuit
      // another job was put on is that job's.
      if (
        given !== undefined &&
        judged[g] === 'job' &&
        !isCatchAll(given.phrase) &&
        !given.targets.includes(roles.circuit!) &&
        PUT_ON_GAP.test(normalised.slice(given.end, c.start))
      )
        return true;
      // Only the finds overlapping the circuit or just after it (bounded, so the check stays linear).
      for (let j = firstEndingAfter(matches, c.start); j < matches.length && matches[j]!.start < c.end + LOAD_REACH; j++) {
        const o = matches[j]!;
        if (o.targets.includes(roles.circuit!)) continue;
        // A catch-all thing inside the circuit's words is its part ("its own 20 amp GFCI circuit"), not its load.
        if (judged[j] === 'job' && o.start < c.end && !isCatchAll(o.phrase)) return true;
        if (o.start >= c.end && judged[j] !== null && !isCatchAll(o.phrase) && LOAD_GAP.test(normalised.slice(c.end, o.start))) {
          // "a circuit for the Phoenix cooler": the load named bare is its service's job (not "a heat pump water heater").
          if (namedOnly(judged[j]) && LOAD_END.test(normalised.slice(o.end, o.end + 12))) for (const t of o.targets) done.add(t);
          return true;
        }
      }
      return false;
    };
    if (roles.circuit !== null && circuits.some((c) => !partOfAnother(c))) {
      done.add(roles.circuit);
      // How many finds judged jobs name each service, so a catch-all thing inside a circuit's words is dropped only when
      // nothing else names its service (counted once: linear in the number of finds).
      const jobFinds = new Map<string, number>();
      for (const [k, m] of matches.entries())
        if (judged[k] === 'job') for (const t of m.targets) jobFinds.set(t, (jobFinds.get(t) ?? 0) + 1);
      for (const [k, m] of matches.entries()) {
        const around = circuits[firstEndingAfter(circuits, m.start)];
        if (!isCatchAll(m.phrase) || m.targets.includes(roles.circuit) || judged[k] !== 'job') continue;
        if (around === undefined || m.start < around.start || m.end > around.end) continue;
        for (const t of m.targets) if ((jobFinds.get(t) ?? 0) <= 1) done.delete(t);
      }
    }
    if (causeByOthers && !judged.includes('job') && !done.has(roles.circuit ?? '')) done.delete(roles.troubleshooting!);
    // An inspector is someone else's inspection (corpus/entities/README.md): the inspection named, not a job.
    if (roles.inspection !== null && /\binspectors?\b/.test(normalised)) named.add(roles.inspection);
    return readings(done, named);
  };
}

/** A thing named as a reference or a mention: promoted to a job where its list or its load says so. */
function namedOnly(judgement: Judgement | null | undefined): boolean {
  return judgement === 'reference' || judgement === 'mention';
}

/** The services found as jobs, and those named otherwise that are not also jobs, in order. */
function readings(done: ReadonlySet<string>, named: ReadonlySet<string>): ServiceReferences {
  return { services: [...done].sort(), negated: [...named].filter((id) => !done.has(id)).sort() };
}

/** A visit that found nothing wrong. */
const NOTHING_FOUND =
  /\b(?:couldn'?t|could not|didn'?t|did not|unable to|never) find (?:anything|a thing|any problem|anything wrong|the problem)\b|\bfound nothing\b|\b(?:everything|it all|all) (?:tested|checked out|was|looked) (?:fine|ok|okay|good)\b|\bsaid (?:it )?was all fine\b|\bfound nothing wrong\b|\bnothing wrong electrically\b/;

/** An outdoor place right after lights: "lights in the yard", "a light on the carport", "lights under our portal". */
const OUTDOOR_PLACE_AFTER =
  /^\s+(?:in|on|under|along|around|over|outside|at|for)\s+(?:the\s+|our\s+|my\s+|a\s+)?(?:outside of\s+(?:the\s+|our\s+|my\s+)?(?:[\p{L}-]+\s+)?|(?:front|back)\s+)?(?:yard|porch|patio|deck|portal|carport|driveway|eaves|soffits?|fence|garden|walkway|steps|exterior|outside)\b/u;

/** Things that are lights, things that control them, and outlets, as customers name them. */
const LIGHTING_THING = /\b(?:lights?|lighting|fixtures?|chandeliers?|pendants?|sconces?|lamps?)$/;
const CONTROL_THING = /\b(?:dimmers?|switch(?:es)?)$/;
const BREAKER_THING = /\bbreakers?$/;
const OUTLET_THING = /\b(?:outlets?|receptacles?|plugs?)$/;
/** "a 50 amp", "30A", "240V" right before an outlet: a circuit of its own. */
const HIGH_AMPERAGE_BEFORE = /\b(?:[3-9]\d\s?-?(?:a|amps?)|2[0-9]0(?:\s?-?v(?:olts?)?)?)\s+(?:\p{L}+\s+)?$/u;

const REPLACING_VERB =
  /\b(?:replac\w*|swap\w*|install\w*|fix(?:ed|ing)?|repair(?:ed|ing)?)\s+(?:a|an|the|two|three|\d+|our|my|all the)\s+$/;
/** A job noun done or priced, standing for the thing named before it. */
const JOB_NOUN_BACK = /\b(?:priced|quoted|did|scheduled|booked|went with)\s+(?:a|the|their|our)\s+(?:replacement|swap|upgrade)\b/;
/** "needs to be replaced … and quoted $5,200": a replacement priced for this customer. */
const QUOTED_REPLACEMENT =
  /^[^.!?]{0,30}\bneed(?:s|ed)? to be (?:replaced|upgraded)\b[^.!?]*\b(?:quote[ds]?|\$\s?\d)|^[^.!?]{0,200}\bquoted\s+(?:us|me)\s+\$\s?[\d,.]+k?\s+to\s+(?:replace|upgrade|swap)\s+(?:it|them)\b/;
/** Between a modifier and its thing: nothing but a space or a hyphen ("two-prong outlets"); a possessive ("panel's main"). */
const MODIFIES = /^[\s-]$/;
const POSSESSIVE = /^'s\s+(?:[\p{L}-]+\s+)?$/u;
/** Between a circuit and its load: "… from the main panel for the charger". */
const LOAD_GAP = /^[^.!?,]{0,40}\bfor\s+(?:(?:the|a|an|our|my|his|her|their|new)\s+)*(?:[\p{L}-]+\s+)?$/u;
const LOAD_REACH = 80;
/** After a load, the end of its noun phrase: "for the cooler so it's …", not "for our heat pump water heater". */
const LOAD_END = /^(?:\s*(?:[.!?,;:)]|$)|\s+(?:and|in|on|at|so|with|to|that|which|from|out|up|by|because|since|now)\b)/;
/** Between a job's thing and the circuit it was put on: " on ", " in the garage on ". */
const PUT_ON_GAP = /^[^.!?,]{0,30}\b(?:on|onto)\s+$/;
/** "gave the …", "give our …": what a circuit was given to. */
const GIVEN_BEFORE = /\b(?:gave|give|gives|giving)\s+(?:the|our|my|their|his|her)\s+(?:[\p{L}-]+\s+)?$/u;

/** After a catch-all thing, what it serves: "for it", "on them", "to turn it on". */
const SERVES_IT = /^(?:\s+[\p{L}'-]+){0,5}?\s+(?:for|on|to (?:turn|run|control|power|feed))\s+(?:it|them)\b/u;
/** The thing named again: "the switch", "the old 500 watt light", "New switch, water back in an hour." */
const ANAPHORA_BEFORE =
  /(?:\b(?:the|that|this)\s+|(?:^|[.!?,]\s+)new\s+)(?:(?:old|new|same|existing|original|broken|dead|bad|\d+|watt)\s+){0,3}$/;

function singular(word: string): string {
  // A light's fixture is the light ("the pool light … pulled the fixture").
  return word.replace(/(?:es|s)$/, '').replace(/^fixture$/, 'light');
}

/** An installing verb in the clause around a thing: "put in our Kohler", "installed a Generac", "the generator they installed". */
const INSTALLED_AROUND = /\b(?:install\w*|put in|put up|set|added|quot\w*|priced|bought|new)\b/;

/** The 40 characters before a find (from its clause's start) and the 30 after. */
function aroundFind(text: string, start: number, end: number): string {
  const before = text.slice(Math.max(0, start - 40), start);
  const clause = before.split(/[.!?,;]/).pop() ?? before;
  return `${clause} | ${text.slice(end, end + 30).split(/[.!?,;]/)[0]}`;
}

/** Right after another job: "hot tub with a proper disconnect and", "circuit with a": the thing comes with that job. */
const WITH_PART = /^\s*,?\s*with\s+(?:(?:a|an|the|its|their|his|her|proper|new|dedicated|separate)\s+)*(?:[\p{L}-]+\s+and\s+(?:a\s+)?)?$/u;
const PLUGGED_INTO = /\bplug(?:ged|s)?\s+(?:it|them)\s+into\s+(?:\S+\s+){0,2}$/;
/** "swapped the old switch for a dimmer": the old thing, then what replaced it. */
const SWAPPED_BEFORE =
  /\b(?:swap\w*|replac\w*|chang\w*)\s+(?:out\s+)?(?:the|our|my|an?|her|his|their)\s+(?:old\s+|existing\s+|original\s+)?(?:[\p{L}-]+\s+)?$/u;
const SWAPPED_FOR = /^\s+(?:out\s+)?(?:for|with)\s+(?:(?:a|an|the|new|two|\d+)\s+)*(?:[\p{L}-]+\s+)?$/u;
const REPLACING_BEFORE = /,\s+replacing\s+(?:the|our|my|her|his|their|all the|an?)\s+(?:old\s+)?(?:[\p{L}-]+\s+)?$/u;

const DIMMER_THING = /\bdimmers?$/;
/** A verb of another job, between new lights and a dimmer: "hung three pendants …, and swapped a dimmer". */
const ANOTHER_JOB_VERB = /\b(?:install\w*|replac\w*|swap\w*|fix\w*|repair\w*|moved|added|put|hung|wired|rewired)\b/;

/** Whether a dimmer after new lights (at most the next sentence, no other job's verb between) dims them. */
function dimsThem(text: string, lightsEnd: number | undefined, start: number, end: number): boolean {
  // The nearest new lights before the dimmer decide: any farther ones have all that lies between these and it.
  if (lightsEnd === undefined || lightsEnd > start || start - lightsEnd > 200) return false;
  const between = text.slice(lightsEnd, start);
  if (ANOTHER_JOB_VERB.test(between) || (between.match(/[.!?\n]/g)?.length ?? 0) > 1) return false;
  return !/^\s+for\s+(?:the|my|our|her|his)\s+(?:[\p{L}-]+\s+){0,2}?(?:lights?|cans?|fixtures?|chandeliers?|pendants?|sconces?|lamps?)\b/u.test(
    text.slice(end, end + 50),
  );
}

/**
 * What stands between two items of a list: a comma, "and", "plus", with an article or a count, past at most one item
 * the catalogue does not name ("GFCIs, some covers, a couple of light fixtures"); a verb between starts another clause.
 */
// Words of an item are whole words with spaces between, so a long gap is read once, not split every way.
const LIST_GAP =
  /^(?:\s+(?:for|in|on|by|at)\s+(?:the|a|an|our|my)\s+(?:[\p{L}'-]+\s+)?[\p{L}'-]+)?(?:\s*(?:,|;|\/|&|\+|,?\s*(?:and|plus|or|with))\s*(?:(?:a|an|the|some|new|more|two|three|four|\d+|a couple of|a few)\s+)?(?:(?!(?:\p{L}{3,}ed|left|made|took|came|went|got|gave|told|said)\b)[\p{L}'-]+(?:\s+(?!(?:\p{L}{3,}ed|left|made|took|came|went|got|gave|told|said)\b)[\p{L}'-]+){0,2})?){1,2}\s*$/u;

/** A place word right before a thing: "surge protector at the panel". */
const PLACE_BEFORE = /\b(?:at|in|on|from|to|into|inside|behind|near|by)\s+(?:the|a|an|our|my|their)?\s*$/;
/** Verbs that put the business to work, for telling whether a sentence reports a job at all. */
const JOB_VERB =
  /\b(?:install\w*|replac\w*|swap\w*|put|added|add|hung|hang|wired|rewired|mounted|fixed|repaired|moved|upgraded|quoted|priced|did|done|new|jobs?|work|ran|run|set up|finished|needed)\b/;

function sameSentence(text: string, a: number, b: number): boolean {
  return Math.abs(a - b) < 300 && !/[.!?\n]/.test(text.slice(Math.min(a, b), Math.max(a, b)));
}

/**
 * Whether a switch or dimmer is said as the lights' own control: "put them on a dimmer", "with a switch at the
 * bottom", "plus a dimmer", "a dimmer for them"; "and a new switch by the stairs" is an item of its own.
 */
function controlsLights(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 24), start);
  if (/\b(?:\d+|two|three|four|five|six|several|couple of|all the|every)\s+(?:\p{L}+\s+)?$/u.test(before)) return false;
  return (
    /\b(?:with|plus|on|onto|for)\s+(?:(?:a|an|the|new|its|their)\s+)*$/.test(before) ||
    /^\s+for\s+(?:them|it|the\s+(?:new\s+)?lights?|the(?!\s+(?:[\p{L}-]+\s+)?(?:lights?|cans?|fixtures?|chandeliers?|pendants?|sconces?)\b))\b/u.test(
      text.slice(end, end + 30),
    )
  );
}
