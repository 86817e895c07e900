/**
 * Jobs a review tells without naming them by a catalogue phrase
 * (docs/insights.md, "Services that are jobs"): a fault's cause found
 * ("found a loose neutral", "it turned out to be the meter base") is
 * troubleshooting; a panel taken to a higher amperage ("upgraded to 200
 * amp", "our panel is now 200 amps") is the panel upgrade. Which catalogue
 * service each is comes from the owner's own catalogue: the service whose
 * phrases speak of diagnosing, and the one whose phrases name an amperage.
 */
import type { ServiceFile } from '../schemas/catalogue.ts';
import { visitTalkedOut } from './service-jobs.ts';
import { normaliseText } from './text.ts';

export interface ServiceRoles {
  /** The service whose catalogue phrases speak of finding a fault ("troubleshooting", "diagnosed"). */
  troubleshooting: string | null;
  /** Its phrases that name a symptom rather than the finding ("flickering lights", "dead circuit"): a job only when a cause is found. */
  symptomPhrases: ReadonlySet<string>;
  /** The service whose catalogue phrases name a service amperage ("200 amp upgrade"). */
  amperage: string | null;
  /** The service whose catalogue phrases name a dedicated or 240 V circuit. */
  circuit: string | null;
  /** The service whose catalogue phrases name an inspection. */
  inspection: string | null;
  /** A maintenance service and the service of the thing it maintains ("Standby generator maintenance", "Generator installation"). */
  maintenance: { id: string; of: string } | null;
}

const FINDING_PHRASE = /\b(?:troubleshoot|diagnos|track|trac(?:e|ed|ing)\b|found|figur|pinpoint)/;
const AMPERAGE_PHRASE = /\b\d{3}\s?-?(?:a|amps?)\b/;

export function serviceRoles(catalogue: readonly ServiceFile[]): ServiceRoles {
  const phrasesOf = (s: ServiceFile) => [s.label, ...s.synonyms].map(normaliseText);
  const troubleshooting = catalogue.find((s) => phrasesOf(s).some((p) => /\b(?:troubleshoot|diagnos)/.test(p))) ?? null;
  const amperage = catalogue.find((s) => phrasesOf(s).some((p) => AMPERAGE_PHRASE.test(p))) ?? null;
  const symptoms = troubleshooting ? phrasesOf(troubleshooting).filter((p) => !FINDING_PHRASE.test(p)) : [];
  // Either number, as the matcher reads every phrase ("dead outlets" / "a dead outlet").
  const symptomPhrases = new Set(symptoms.flatMap((p) => [p, p.endsWith('s') ? p.slice(0, -1) : `${p}s`]));
  const circuit = catalogue.find((s) => phrasesOf(s).some((p) => /\bdedicated\b|\b240\s?-?v/.test(p))) ?? null;
  const inspection = catalogue.find((s) => phrasesOf(s).some((p) => /\binspection\b/.test(p))) ?? null;
  return {
    maintenance: maintenanceOf(catalogue),
    troubleshooting: troubleshooting?.id ?? null,
    symptomPhrases,
    amperage: amperage?.id ?? null,
    circuit: circuit?.id ?? null,
    inspection: inspection?.id ?? null,
  };
}

/** Words of a label that name no thing. */
const LABEL_WORDS = /^(?:maintenance|service|installation|install|repair|replacement|standby|electrical|and|of|the|wiring)$/;

/** The catalogue's maintenance service and the service whose label names the same thing, if there is one of each. */
function maintenanceOf(catalogue: readonly ServiceFile[]): { id: string; of: string } | null {
  const maintenance = catalogue.filter((s) => /\bmaintenance\b/.test(normaliseText(s.label)));
  if (maintenance.length !== 1) return null;
  const things = normaliseText(maintenance[0]!.label)
    .split(/\s+/)
    .filter((w) => w.length >= 4 && !LABEL_WORDS.test(w));
  const of = catalogue.filter(
    (s) =>
      s !== maintenance[0] &&
      normaliseText(s.label)
        .split(/\s+/)
        .some((w) => things.includes(w)),
  );
  return of.length === 1 ? { id: maintenance[0]!.id, of: of[0]!.id } : null;
}

/**
 * Upkeep told in other words than the catalogue's: "the yearly service", "changes the oil", "comes back every spring to
 * service it", "replace the starter battery".
 */
const UPKEEP_TOLD =
  /\b(?:annual|yearly|every (?:spring|fall|autumn|year|winter|summer)|routine|regular|first) (?:service|maintenance|checkup|check-up|tune-up|visit)\b|\b(?:chang(?:e|es|ed|ing)|did|does) the oil\b|\bto service (?:it|them|the)\b|\bservice (?:visit|call)\b|\bfor the (?:yearly |annual )?service\b|\b(?:replac\w*|chang\w*|new)\s+(?:the\s+|a\s+)?(?:starter\s+|cracked\s+)?(?:battery|oil|air filter|spark plugs?)\b/;

/** Whether the normalised text tells of upkeep of a thing (read only where the catalogue has a maintenance service). */
export function tellsUpkeep(text: string): boolean {
  return UPKEEP_TOLD.test(text);
}

/** Verbs of finding, and the sentence openings that report what was found. */
const FINDING =
  /\b(?:found|finding|traced|tracked(?: it)?(?: down)?|figured(?: out)?|spotted|pinpointed|diagnosed|discovered|located|noticed|turned out|turns out)\b/g;
/** Words that make what was found a fault or its cause. */
const FAULT =
  /\b(?:loose|burn(?:ed|t|ing)|melted|nicked|damaged|bad|failed|failing|faulty|corroded|shorted|short|chewed|backstabbed|splice|neutral|nail|screw|water|moisture|wrong|overloaded|tripped|leaking|seized|undersized|bonded|cause|culprit|problem|issue|fault|why|what)\b/;
/** "It was a bad main breaker", "the real problem was an ungrounded circuit". */
const CAUSE_SENTENCE =
  /(?:^|[.!?]\s+)(?:it|that|this)\s+was\s+(?:a|an|the|just)?\s*[\p{L}\s-]{0,20}?\b(?:loose|burn(?:ed|t)|melted|nicked|bad|failed|faulty|corroded|moisture|water|overloaded|seized)\b|\b(?:problem|cause|culprit|issue) (?:was|turned out)\s+(?:to be\s+)?(?:a|an|the|just|actually|that|in|on)\b|(?:^|[.!?;\u2014\u2013]\s*|\s-\s)(?:the\s+|a\s+|an\s+)?(?:[\p{L}'-]+\s+){0,3}?(?:had|was|were)\s+(?:melted|burn(?:ed|t)|corroded|chewed|cooked|scorched|shorted|pitted)\b|\b(?:was|were|is|tested) (?:fine|ok|okay|good),?\s+(?:and\s+|but\s+)?(?:it was\s+)?(?:the|a|an|its|their)\s+[^.!?,]{0,40}?\b(?:was|were|had|is)\s+(?:just\s+)?(?:a\s+)?(?:dead|bad|shot|burn(?:ed|t)|failed|failing|cooked|pitted|corroded|loose|melted|overloaded)\b/u;
/**
 * The cause told after a symptom, with or without a fault word: "it was the switch", "the real problem was an
 * ungrounded circuit", "said it was the transformer", "it was a bad GFCI". Not the customer's guess ("I thought it was
 * the outlet") nor a verdict ("it was the best decision").
 */
const CAUSE_TOLD =
  /\b(?:it|that|this|the (?:real |actual )?(?:problem|issue|cause|culprit|flickering|buzzing|tripping))\s+(?:was|were|turned out to be|ended up being)\s+(?:just\s+|actually\s+|really\s+)?(?:a|an|the|our|my|his|her|their)\s+(?:[\p{L}'-]+\s+){0,3}?[\p{L}'-]+\b/gu;
/** Words of a verdict on the visit, not a thing: "it was a relief", "it was a fantastic experience". */
const VERDICT_WORDS =
  /\b(?:relief|experience|pleasure|joy|breeze|godsend|lifesaver|life saver|blessing|miracle|nightmare|hassle|disaster|headache|mess|shame|mistake|surprise|treat|delight|success|bargain|steal|deal|no-brainer|fantastic|wonderful|amazing|awesome|excellent|perfect|terrific|fabulous|incredible|outstanding|smooth|seamless|painless|pleasant|positive|terrible|horrible|awful|stressful|frustrating|fun|shock|honor|privilege)\b/;
const GUESS_BEFORE = /\b(?:thought|figured|assumed|guess(?:ed)?|hoped|worried|sure|knew)\s+$/;
const VERDICT_AFTER =
  /^\s+(?:just\s+|actually\s+|really\s+)?(?:a|an|the|our|my|his|her|their)\s+(?:best|worst|first|second|third|last|only|same|right|wrong|easiest|most|least|fastest|cleanest|nicest|pleasure|joy|breeze|great|good|nice|big|long|little|bit|lot|real|whole|day|week|month|year|time|case)\b/;

/** Someone other than the business finding it: the customer, an inspector, another company. */
const OTHER_FINDER =
  /\b(?:i|we|else|inspector|inspection|inspectors|another|other|previous|utility|realtor|department|company|contractor|builder|plumber|hvac|guy|son|daughter|wife|husband|friend|neighbou?r|mom|dad|sister|brother)\s+(?:[^\s,;]+\s+){0,1}$/;
/** What a customer finds that is not a fault: the business itself ("found them online"). */
const NOT_A_CAUSE =
  /^\s+(?:them|you|this company|the company|their|these guys|this business|\p{L}+ online|online|on google|on yelp|through|(?:a|an|the)\s+(?:[\p{L}-]+\s+)?(?:way|plan|solution|workaround|load calc\w*|calculation|layout|design|schedule)|(?:every|each|all (?:the|our))\s+(?:circuit|breaker|wire|line|run)s?)\b/u;
/** Verbs of finding that say a cause was found whatever follows ("found a junction box buried behind drywall"). */
const STRONG_FINDING = /^(?:found|traced|tracked(?: it)? down|figured out|pinpointed|diagnosed)$/;
/** Something not working: what a cause is found for. */
const SYMPTOM =
  /\b(?:quit|no (?:lights?|heat|power)|didn'?t (?:work|kick on|turn on|come on)|shorted(?: out)?|humming|buzz(?:es)?|(?:took|knocked) out|had failed|stopped working|dead|died|(?:power|lights?|was|were|is|are|half the \p{L}+) out|went (?:\p{L}+ )?out|no power|lost power|losing power|tripp(?:ed|ing)|trips|flicker(?:ed|ing|s)?|kept|keeps|stopped|went dark|dim|dims|dimm(?:ed|ing)|buzz(?:ed|ing)|burning|smell(?:ed)?|spark(?:ed|ing)|won'?t|wouldn'?t|wasn'?t working|not working|dying|shock|killed|knocked out|never worked|smok(?:e|ing) (?:coming|from|pouring)|smoking|blew|blown|fire|zap|faulting|acting up|(?:did|done|does) nothing|(?:running|working) again)\b/u;
/**
 * A fault named as the cause: "a loose neutral in the panel", "(loose wire nut)", "a melted splice". The look-aheads
 * after "turned out" read at most 200 characters of its sentence: unbounded, a long review without a full stop made
 * each of them read to its end, quadratic in the review's length.
 */
const FAULT_NAMED =
  /\b(?:loose|lost|open|broken|failed|failing|faulty|burn(?:ed|t)|melted|nicked|corroded|backstabbed|back-stabbed|chewed|damaged|shorted|seized|cooked|scorched|pitted)\s+(?:\p{L}+\s+){0,2}?(?:neutral|connection|splice|wire|wires|wire nut|lug|terminal|cable|screw|ground|hot|junction|contacts?)\b|(?<!\b(?:which|who)\s+)\b(?:turned out|turns out)\b(?![^.!?]{0,200}\b(?:i|we) found\b)(?![^.!?]{0,200}\bmyself\b)(?![^.!?]{0,200}\bwhich the\b)|\b(?:that was why|which was why|was the reason|was causing|were causing)\b|(?:^|[.!?(]\s*)(?:a\s+)?(?:bad|failed|loose|burn(?:ed|t)|faulty|melted|corroded)\s+(?:\p{L}+\s+){0,2}?\p{L}+\s*[.!?)]/u;
const NEGATED_BEFORE = /\b(?:couldn'?t|could not|didn'?t|did not|never|can'?t|cannot|not)\s+(?:\S+\s+){0,1}$/;

/** Whether the normalised text tells of a fault's cause found by the business. */
export function tellsCauseFound(text: string): boolean {
  const symptom = SYMPTOM.exec(text);
  if (symptom === null) return false;
  if (CAUSE_SENTENCE.test(text) || FAULT_NAMED.test(text)) return true;
  const symptomAt = symptom.index;
  for (const m of text.matchAll(CAUSE_TOLD)) {
    if (m.index + m[0].length < symptomAt || GUESS_BEFORE.test(text.slice(Math.max(0, m.index - 20), m.index))) continue;
    if (VERDICT_WORDS.test(m[0])) continue;
    if (
      !VERDICT_AFTER.test(
        text
          .slice(m.index + m[0].split(/\s+/)[0]!.length, m.index + m[0].length + 40)
          .replace(/^\s+(?:was|were|turned out to be|ended up being)/, ''),
      )
    )
      return true;
  }
  for (const m of text.matchAll(FINDING)) {
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    if (OTHER_FINDER.test(before) || NEGATED_BEFORE.test(before)) continue;
    const sentenceEnd = text.slice(m.index + m[0].length, m.index + m[0].length + 120).search(/[.!?\n]/);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + (sentenceEnd === -1 ? 120 : Math.min(sentenceEnd, 120)));
    if (NOT_A_CAUSE.test(after)) continue;
    if (FAULT.test(after) || STRONG_FINDING.test(m[0])) return true;
  }
  return false;
}

/** "Upgraded to 200 amp", "did the 200A upgrade", "ours is now 200 amps", "a new 200 amp". */
const AMPERAGE_JOB =
  /\b(?:upgrad(?:e|ed|ing)|bump(?:ed)?|mov(?:e|ed)|went|go|is now|are now|new)\s+(?:us\s+)?(?:up\s+)?(?:to\s+)?(?:a\s+)?(?:\d{3})\s?-?(?:a|amps?)\b(?!\s+(?:sub-?\s?panel|circuit|breaker|outlet|feeder|feed|disconnect|line|service-rated))|\b\d{3}\s?-?(?:a|amps?)\s+(?:upgrade|service|panel)\b(?!-rated)/g;

/** Whether the normalised text tells of a service taken to a higher amperage. */
export function tellsAmperageUpgrade(text: string): boolean {
  for (const m of text.matchAll(AMPERAGE_JOB)) {
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    // "no upgrade", "our existing 200 amp service": denied, or what the house already had.
    if (
      /\b(?:no|not|didn'?t|don'?t|never|without|existing|current|already|plenty|expect(?:ing|ed)|assumed|going to|whether)\b[^.!?]*$/.test(
        before,
      )
    )
      continue;
    // "our 150 amp service had plenty of room": the house's own service or panel, named by its owner.
    if (/\b(?:our|my|their|his|her)\s+$/.test(before) && !/upgrade$/.test(m[0])) continue;
    if (visitTalkedOut(text, m.index, m.index + m[0].length)) continue;
    return true;
  }
  return false;
}

/**
 * A circuit made for one load: "ran a line for our hot tub", "a circuit for the freezer", "its own 60A circuit", "a
 * dedicated freezer circuit", "trenched a new feed", "a feeder out to the barn". A circuit named with an indefinite article and its load is a new one.
 */
const CIRCUIT_JOB = new RegExp(
  String.raw`\b(?:(?:ran|run|running|add(?:ed|ing)?|install(?:ed|ing)?|put in|pulled|trenched|wired)\s+(?:(?:a|an|the|its|their|another|second|separate|new|dedicated|two|three|four|\d+\s?-?(?:a|amps?|v|volts?))\s+)+(?:[\p{L}-]+\s+){0,2}?(?:circuits?|lines?)|(?:ran|run|running|pulled|trenched|add(?:ed|ing)?|install(?:ed|ing)?)\s+(?:a|the)\s+new\s+feed(?:er)?|(?:a|the)\s+(?:new\s+)?feed(?:er)?\s+(?:out\s+)?to\s+the|(?:^|[.!?]\s+)new\s+feeder|(?:a|an|another|new|second|separate)\s+(?:proper\s+|dedicated\s+)?(?:\d+\s?-?(?:a|amps?|v|volts?)\s+)?circuit\s+(?:in\s+)?(?:for|to)\s+(?:the|a|an|our|my|his|her|their)|(?:a|an|another|new)\s+2[24]0(?:\s?-?v(?:olts?)?)?\s+(?:(?:line|circuit|outlet|receptacle)\s+)?(?:in\s+(?:the\s+)?[\p{L}-]+\s+)?for\s+(?:the|a|an|our|my|his|her|their)|(?:its|their|his|her|our) own\s+(?:[\p{L}\d-]+\s+){0,3}?(?:circuit|breaker|line)|(?:on|onto|into)\s+separate\s+circuits|(?:a|an|the|new)\s+nema\s+(?:6|10)-\d{2}|dedicated\s+(?:[\p{L}-]+\s+){1,2}?circuit)(?![\p{L}-])(?!\s+(?:breaker|tester|directory|map|of))`,
  'gu',
);

/** Where the normalised text tells of a circuit made for one load. */
export function dedicatedCircuitsTold(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (const m of text.matchAll(CIRCUIT_JOB)) {
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    if (/\b(?:no|not|didn'?t|don'?t|never|without|expect(?:ing|ed)|assumed|going to|whether|asked about|ask about)\b[^.!?,]*$/.test(before))
      continue;
    found.push({ start: m.index, end: m.index + m[0].length });
  }
  return found;
}
