/**
 * Whether a service named in a review was a job done or quoted for this
 * customer (docs/insights.md, "Services that are jobs"). A catalogue phrase
 * is found first; the words around it then decide: a negation ("no panel
 * upgrade needed", "told me I didn't need a new panel"), someone else's
 * inspection ("passed inspection", "the city inspector"), a thing named
 * without a job around it ("the dryer outlet was fine", "number of outlets")
 * or a symptom ("the breaker kept tripping") is a reference, not a job.
 */

/** A word of the normalised text, with its offsets. */
export interface Word {
  text: string;
  start: number;
  end: number;
  /** Punctuation or a contrast word between this word and the one before ends a clause. */
  clauseStart: boolean;
}

const WORD = /\p{N}+(?:[,.]\p{N}+)+|[\p{L}\p{N}]+(?:['’][\p{L}]+)*|[,;:.!?()\n]|\s-\s|\u2013|\u2014/gu;
const CLAUSE_WORDS = new Set(['but', 'however', 'although', 'though', 'except', 'whereas']);

/** The words of a normalised text, each marked when it opens a clause. */
export function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  let pendingBreak = true;
  for (const m of text.matchAll(WORD)) {
    const token = m[0];
    if (!/[\p{L}\p{N}]/u.test(token)) {
      pendingBreak = true;
      continue;
    }
    const clauseStart = pendingBreak || CLAUSE_WORDS.has(token);
    words.push({ text: token.replace(/’/g, "'"), start: m.index, end: m.index + token.length, clauseStart });
    pendingBreak = false;
  }
  return words;
}

/** Words whose presence in a phrase makes it a job by itself ("panel upgrade", "rewiring", "kitchen remodel"). */
const JOB_NOUNS =
  /\b(?:upgrade[sd]?|install(?:ation|ed|s)?|repair(?:s|ed)?|rewir(?:e|ed|ing)|replacement|remodel|renovation|corrections?|hookup|hook-up|troubleshoot(?:ing)?|diagnosed?|tracked|traced|interlock|service|emergency|after[- ]hours|middle of the night|on a sunday|violations?|double-tapped|up to code|flickering|dead circuit)\b/;
/** Whom an inspection was for ("for our insurance company", "required by the city"): not who did it. */
const WHOM_FOR = /\b(?:for|required by|needed by|from)(?: (?:our|the|my|a|an))?( \S+){1,2}/g;
/** Names of an inspection by someone else, or of its result. */
const OTHERS_INSPECTION =
  /\b(?:pass(?:ed|es|ing)?|fail(?:ed|s|ing)?|city'?s?|county'?s?|state|municipal|rental inspection|insurance company|insurer|home inspector|home inspection|inspector|inspectors|buyer'?s|buyers'?|realtor|lender|final|rough-in|l&i|sign-off|permit|township'?s?|borough'?s?|village'?s?|fire marshal|car|vehicle|inspection (?:guy|man|lady|person))\b/;
/** Verbs and nouns that put the business to work on the thing named. */
const JOB_CUES = new Set(
  (
    'install installed installing installs put putting replace replaced replacing replacement swap swapped swapping add added adding ' +
    'fix fixed fixing repair repaired repairing move moved moving relocate relocated upgrade upgraded upgrading wire wired wiring rewire rewired ' +
    'ran run running hook hooked mount mounted hung hang hanging quote quoted quotes estimate estimated bid bids priced pricing ' +
    'new extra additional another more convert converted changed change changing set inspected inspect inspecting did do done doing ' +
    'performed completed ordered booked scheduled needed need wanted want requested asked got get had have having dead bad broken burnt burned ' +
    'scorched melted loose failing faulty failed buzzing sparking hot warm worn cracked upgrading grounded ungrounded gfci afci tamper ' +
    'switched installation installs hookup hired hire job second burning smoking sparked sparks died dies quit stopped stopped working wrong ' +
    'missing reversed ungrounded lowered raised outdoor weatherproof usb'
  ).split(' '),
);
/** Words before a thing that make it a count or a property, not a job ("the number of outlets"). */
const NOT_A_JOB_BEFORE = /\b(?:number|count|amount|location|placement|spacing) of(?: the| our| my)?$/;
/** Words after a thing that say it needed nothing ("the dryer outlet was fine"). */
const FINE_AFTER =
  /^(?:\s+[\p{L}'-]+){0,3}?\s+(?:was|were|is|are|tested|checked out|came back)\s+(?:fine|ok|okay|perfectly fine|totally fine|in good shape|not the problem|not the issue|not needed|unnecessary|not necessary|not the cause)\b/u;
const BY_OTHER_AFTER =
  /^\s+(?:was\s+|were\s+|had been\s+)?(?:installed|put in|done|wired|added|replaced)\s+by\s+(?:our|the|a|an|my|their)\s+(?:[\p{L}'-]+\s+){0,2}?(?:company|contractor|plumber|builder|installer|owners?|dealer|roofer|hvac|handyman)\b|^\s+from\s+(?:another|a different|a second|the other|some other)\s+(?:[\p{L}'-]+\s+)?(?:company|outfit|electrician|contractor|installer|dealer|firm)\b|^,?\s+(?:that|which)\s+(?:my|our)\s+(?:husband|wife|son|daughter|dad|father|mom|mother|neighbou?r|friend|landlord|brother|sister)(?:-in-law)?\s+(?:\p{L}+\s+)?(?:fixed|replaced|installed|put in|did)\b/u;
const FINDING_BEFORE =
  /\b(?:caught|flagged|missed)\s+(?:that\s+[^,.!?]*|(?:(?:a|an|the|our|some)\s+(?:[\p{L}'-]+\s+){1,2}(?:,\s*|and\s+))?(?:a|an|the|our|some)\s+(?:[\p{L}'-]+\s+)?)$/u;
const DENIED_NEXT =
  /^[^.!?]*[.!?]\s+(?:([^.!?]*\b(?:we|i)\s+(?:didn't|did not|don't|do not)\s+need\s+(?:it|one|that|them)\b)|(?:no thanks|no thank you|nope|not interested|we (?:said no|declined|passed))\b)/;
/** Any thing a later "it" or "one" may stand for instead ("… wanted to add a subpanel; … we didn't need one"). */
const A_THING = /\p{L}*(?:panel|outlet|switch|breaker|light|fixture|fan|charger|generator|circuit|heater|detector|battery|cable|tub)s?\b/u;

function deniedNext(after: string, priced: () => boolean): boolean {
  const m = DENIED_NEXT.exec(after);
  if (m === null) return false;
  // "tried to turn it into a $9k 'full rewire'. Nope.": a priced quote counts though the customer said no.
  if (m[1] === undefined && priced()) return false;
  const denial = m[0].search(
    /\b(?:we|i)\s+(?:didn't|did not|don't|do not)\s+need\s|[.!?]\s+(?:no thanks|no thank you|nope|not interested|we (?:said no|declined|passed))\b/,
  );
  return !A_THING.test(after.slice(0, denial));
}
const ALREADY_THERE =
  /^(?:\s+that)?\s+(?:we|i)\s+already\s+(?:had|have|owned|own)\b|^(?:\s+[\p{L}'-]+){0,4}?\s+(?:was|were|is|are)\s+already\s+(?:there|installed|in place|in)\b/u;
const WORK_AFTER = /^\s+(?:install|installation|work|job|itself|upgrade|replacement|hookup|swap|itself)\b/;
const SAID_FINE_AFTER = /^\s+and\s+(?:said|told (?:me|us))\s+(?:it|they|that)\s+(?:was|were)\s+(?:fine|ok|okay|good)\b/;
const NOT_NEEDED_AFTER =
  /^(?:\s+[\p{L}'-]+){0,2}?\s+(?:wasn't|was not|was never|isn't|is not|weren't|were not|were never|aren't|are not)\s+(?:needed|necessary|required|the problem|the issue|the cause)|^\s+(?:not needed|needed after all|unnecessary)/u;
/** A denial right after the thing: "a whole house rewire (we didn't)". */
const DENIED_AFTER = /^\s*\(\s*(?:we|i|they)\s+(?:didn'?t|did not|don'?t|never|passed)\b/;
/** Before the thing, it was only planned, assumed, talked out of or pitched. */
const NOT_DONE_BEFORE =
  /\b(?:was|were) going to\b|\b(?:assumed|expecting|expected|(?:was|were) sure)\b|\bwhether\b|\btalk(?:ed|s)?\s+(?:\S+\s+)?out of\b|\bsaid no to\b|\bpressured\b|\bspeech about\b|\btried to sell\b|\bsales pitch\b|\bpitched (?:us|me)\b|\babout to\b|\bshould (?:get|buy|consider|go with)\b/;
/** Another party's advice or pitch before the thing in its sentence. */
const ADVISED_BY_OTHER =
  /\b(?:salesman|salesperson|sales rep|(?:a|the|some) guy from \S+|(?:another|other|a different|the first) (?:electrician|company|contractor|outfit))\s+(?:[\p{L}'-]+\s+){0,3}?(?:told|recommended|wanted|said|insisted|pushed)\b/u;
/** What was advised, done after all: "then they replaced it", "did both in half a day". */
const DONE_LATER =
  /\b(?:fix|replac|swap|correct|did|done|handled|took care of|install|put in)\w*\s+(?:it|them|both|all|that|those|everything)\b/;
/** The customer's guess or a comparison, right before the thing. */
const GUESSED_BEFORE =
  /\b(?:(?:thought|figured|assumed|guessed)\s+(?:it was\s+)?(?:the|our|my)|(?:thought|figured|assumed)\s+(?:we|i)\s+(?:needed|need|had to get|would need)\s+(?:a|an|the)?\s*(?:whole\s+|new\s+|entire\s+)*|\bthan\s+(?:a|an|buying\s+a|getting\s+a|replacing\s+the)\s+(?:whole\s+|new\s+)*)\s*$/;
/** "would need", "we'd need": a thing said needed, a job only when it was priced ("we'd need a $3,200 sub-panel"). */
const WOULD_NEED = /\bwould(?:n't)? (?:have )?(?:need|needed|require|required)\b|'d (?:need|have needed|require)\b/;
/** Asking for a thing, before it in its sentence ("asked for a quote on a Generac", "ordered a boat lift circuit") or after it ("the outlet I wanted moved"). */
const REQUEST_BEFORE =
  /\b(?:ask(?:ed|ing)?|request(?:ed|ing)?|order(?:ed)?|schedul(?:ed|ing)|book(?:ed)?|called\b.*\babout|needed|wanted|to (?:quote|price)|(?:quote|estimate|bid)['’"]?\s+(?:on|for)|wait(?:ed|ing)\b.*\bfor (?:someone|somebody|them|a tech|the tech) to|waiting (?:on|for)|appointment)\b/;
const REQUEST_AFTER = /^\s+(?:that\s+)?(?:i|we)\s+(?:wanted|needed|asked for)\b|^[^.!?]{0,60}\bwaiting (?:on|for)\b/;
/** The request never met: nobody came, no quote, the customer or another firm did it. */
const NEVER_DONE =
  /(?<!\b(?:nearly|almost|about to)\s+)\b(?:never (?:came|showed|got|heard|called|sent|did|happened|followed)|nobody (?:showed|came|called|did)|no[- ]shows?|no quote|still not done|hired (?:a|another|someone)|went with (?:a|another|someone)|ended up with (?:a|another|someone)|done by another|(?:did|installed|fixed|replaced) it (?:myself|ourselves)|it's been (?:\w+ ){0,2}(?:weeks?|months?)|still waiting|ended up (?:calling|hiring|using|going with) (?:a|another|someone)|used (?:somebody|someone) else|called (?:another|a different) (?:company|electrician|outfit|guy)|(?:he|she|they) (?:didn't|don't|doesn't|did not|do not|does not) do [a-z]+)\b/;
/** A quote that came: the request was met with a price ("emailed a quote 2 weeks later"). */
const QUOTE_CAME =
  /(?<!\b(?:never|not|didn't|no)\s+(?:\S+\s+)?)\b(?:quoted|(?:sent|emailed|gave|got)\s+(?:us\s+|me\s+)?(?:a|the|their|his|her)\s+(?:\S+\s+)?(?:quote|estimate|price))\b|\$\s?\d/;

/**
 * Whether a thing was asked for and never done nor quoted ("Requested a quote for a generator … Nothing. Not even an
 * auto-reply"; "Ordered a boat lift circuit in October, they never showed"). The review is read whole, once.
 */
export function unmetRequests(text: string): boolean {
  return NEVER_DONE.test(text) && !QUOTE_CAME.test(text) && !MET_LATER.test(text);
}

/** The request met after a miss: "Rebooked, Dustin came Friday", "finally came and fixed it". */
const MET_LATER = /\b(?:rebooked|rescheduled|eventually|finally)\b[^.!?]{0,60}\b(?:did|installed|fixed|finished|replaced)\b/;

/** Whether the find at `start`–`end` is asked for in its sentence. */
export function requested(text: string, start: number, end: number): boolean {
  return REQUEST_BEFORE.test(sentenceBefore(text, start)) || REQUEST_AFTER.test(text.slice(end, end + 30));
}

/** A visit to quote or look at a thing, before it in its sentence. */
const VISIT_TO_QUOTE =
  /\b(?:came|come|comes|coming|stopped|out)\s+(?:out\s+|by\s+|over\s+)?to\s+(?:quote|price|bid on|estimate|look at|check(?: out)?|see about|assess)\s+(?:\S+\s+){0,3}$/;
/** The visit's outcome: the thing was not needed ("said our service was fine", "we didn't need it", "plenty of room"). */
const NOT_NEEDED_OUTCOME =
  /\b(?:was|were|is|are)\s+(?:just\s+)?(?:fine|plenty|enough|adequate|sufficient|ok|okay)\b|\b(?:didn'?t|did not|don'?t|do not|wouldn'?t|would not)\s+(?:really\s+|actually\s+)?need\b|\bnot (?:needed|necessary)\b|\bunnecessary\b|\bplenty of (?:room|capacity|space)\b|\btalked (?:us|me) out\b/;
/** A price named for it: a priced quote counts even when the customer did not go ahead. */
const PRICE_NAMED = /\$\s?\d|\b(?:quoted|priced)\b/;

/** Whether the find at `start`–`end` is a visit to quote or look at it that ended in "you don't need it", with no price. */
export function visitTalkedOut(text: string, start: number, end: number, lead = sentenceBefore(text, start)): boolean {
  if (!VISIT_TO_QUOTE.test(lead)) return false;
  const outcome = nextSentences(text, end, 1);
  return NOT_NEEDED_OUTCOME.test(outcome) && !PRICE_NAMED.test(outcome);
}

/** Another party: another trade or firm, or the customer's household, when not the object of a preposition. */
const OTHER_PARTY =
  /(?<!\b(?:and|by|for|to|with|from|of|than)\s+(?:[\p{L}\d]+\s+)?)\b(?:(?:another|a different|a second|other|previous|prior|former|solar|hvac|pest control|tub|spa|lift|plumbing|roofing|pool|well|irrigation|landscaping|alarm|security|cable)\s+(?:[\p{L}'-]+\s+){0,2}?(?:electricians?|company|companies|contractors?|guys?|outfit|installers?|dealer|plumber|roofer|handyman|builder)|(?:my|our)\s+(?:husband|wife|son|daughter|dad|father|mom|mother|brother|sister|neighbou?r|friend|landlord)(?:-in-law)?|an?\s+(?:[\p{L}-]+\s+)?electrician)(?![\p{L}'-])/gu;
/** The party's own doing right after it ("another electrician found", "the solar company that put in", "my son Jack put up"). */
const PARTY_DOES =
  /^(?:\s+[\p{L}'-]+){0,2}?\s+(?:(?:that|who|had|has|have|then|also|just)\s+)*(?:put|installed|replaced|fixed|found|did|came|ran|wired|hung|added|swapped|quoted|said|told|set|pulled|caught|flagged)\b/u;
/** A second opinion or a firm called instead: what follows in the sentence is theirs. */
const OTHERS_INSTEAD = /\b(?:second opinion|instead)\b/;

/** Whether the text before a thing in its sentence makes another party its doer: "another electrician found …", "my son put up …". */
function otherDoer(lead: string): boolean {
  // A clause after a comma is read alone unless it continues the party's ("…, who came out and replaced the breaker"); a
  // second opinion holds to the sentence's end ("a second opinion from Bolt Brothers, it was a $40 breaker").
  const comma = lead.lastIndexOf(',');
  const clause =
    comma !== -1 && !/^\s*(?:who|which|and|found|replaced|fixed|installed|put|did|added|swapped|ran|wired)\b/.test(lead.slice(comma + 1))
      ? lead.slice(comma + 1)
      : lead;
  if (OTHERS_INSTEAD.test(lead)) return true;
  for (const m of clause.matchAll(OTHER_PARTY)) if (PARTY_DOES.test(clause.slice(m.index + m[0].length))) return true;
  return false;
}

/** Negators that deny a job when they come shortly before its name, inside its clause. */
const NEGATORS = new Set([
  'refused',
  'declined',
  'no',
  'not',
  'never',
  'without',
  'instead',
  'rather',
  'avoid',
  'avoided',
  'avoiding',
  'skip',
  'skipped',
  'nor',
  'neither',
  'unnecessary',
  "didn't",
  "don't",
  "doesn't",
  "wasn't",
  "weren't",
  "isn't",
  "aren't",
  "won't",
  "wouldn't",
  'didnt',
  'dont',
  'doesnt',
  'wasnt',
  'isnt',
]);
/** Verbs and words that make a bare thing right after them the job. */
const BARE_JOBS = new Set(
  'install installed installing replace replaced replacing swap swapped swapping put hung hang hanging add added adding new upgrade upgraded upgrading mount mounted quote quoted price priced bid moved moving relocated relocating fix fixed repaired do did redid wired finished'.split(
    ' ',
  ),
);
/** Particles of a phrasal verb of putting in: "put in", "put up", "hooked up". */
const PARTICLES = new Set(['in', 'up']);
/** Words between a verb and a thing that make the verb's object something else ("replaced it and checked the rest of the panel"). */
const OBJECTS = new Set(['it', 'them', 'that', 'this', 'of', 'and']);
/** Modifiers that make a bare thing another thing: an exhaust fan is not a ceiling fan, a solar panel not the electrical panel. */
const OTHER_THING_BEFORE =
  /\b(?:bathroom|bath|exhaust|vent|attic|furnace|range|solar|access|led|flat|architecture|architectural|review|control|alarm|phone|usb|battery|laptop|car|trickle)\s+(?:fans?|panels?|chargers?)$|\b(?:house|box|window|floor|desk|pedestal)\s+fans?$|\bspace\s+heaters?$|\b(?:exit|night|christmas|holiday|tail|brake|head|traffic)\s+lights?$/;
/** "work on the sconces and the new lights": the business's work named before the thing. */
const WORK_ON = /\b(?:(?:work|job|jobs)\s+(?:on|for)|(?:done|finished)\s+with)\b(?:\s+\S+){0,5}$/;
const LIGHT_THING = /\b(?:lights?|lighting|fixtures?|chandeliers?|pendants?|sconces?)$/;
const SYMPTOM_STATES = new Set(['flickering', 'flickery', 'dead', 'dim', 'dimming', 'buzzing', 'blinking', 'flashing']);
const INSTALL_VERBS = /^(?:install\w*|replac\w*|hung|hang\w*|new|swap\w*|put|mount\w*|add\w*)$/;
const PART_AFTER =
  /^\s+(?:box|boxes|cover|covers|plate|plates|faceplate|bracket|label|labels|sticker|motor|motors|compressor|capacitor|pads)\b/;
const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'our',
  'my',
  'their',
  'his',
  'her',
  'main',
  'old',
  'existing',
  'one',
  'wrong',
  'right',
  'same',
  'correct',
]);
/** Nouns after a thing that make it the job: "the panel swap", "the charger install", "panel work". */
const JOB_AFTER_THING =
  /^\s+(?:swap|job|work|install|installation|relocation|replacement|upgrade|hookup|conduit|project|retrofit|conversion)\b|^\s+(?:swapped|replaced|upgraded|redone)\b|^\s+(?:(?:is|was|were|got|being|now)\s+)+(?:installed|put in|hooked up|wired|mounted|hung|in)\b|^\s+put in\b/;
/** A relative clause after a thing that tells it was put in: "the switches he put in", "the lights they installed". */
const DONE_AFTER_THING =
  /^\s+(?:that\s+|which\s+)?(?:he|she|they|we|you)\s+(?:put in|put up|installed|hung|added|replaced|wired|mounted|swapped in)\b/;
const REPLACED_AFTER_THING = /^,?\s+(?:that|which)\s+(?:he|she|they)\s+(?:replaced|swapped(?: out)?|fixed|repaired|installed)\b/;
/** Words that make a bare thing a place ("ran it from the panel", "a loose neutral at the panel"). */
const PLACE_WORDS = new Set(['from', 'at', 'in', 'on', 'to', 'into', 'inside', 'behind', 'near', 'by']);
/** Catch-all things: named in many reviews without being the job (the outlet that was fine, the breaker that tripped). */
const CATCH_ALL = /(?:^|\s)(?:outlets?|receptacles?|plugs?|gfcis?|gfis?|switch(?:es)?|dimmers?|breakers?|panels?|breaker box(?:es)?)$/;
/** Whether a phrase names a catch-all thing (an outlet, a switch, a breaker, a panel) rather than a job. */
export function isCatchAll(phrase: string): boolean {
  return CATCH_ALL.test(phrase) && !JOB_NOUNS.test(phrase);
}
/** Before a thing, it is wished for, not done ("a spare slot for a future hot tub"). */
const FUTURE = new Set(['future', 'someday', 'eventual']);
/** Counts before a catch-all thing list items of a job ("twelve can lights, outlets in the island", "14 switches"). */
const COUNTS = /^(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|several|couple|bunch|every|all|each|both)$/;
/** Symptoms: a tripping breaker is the problem, not the job. */
const SYMPTOMS = new Set([
  'trip',
  'trips',
  'tripped',
  'tripping',
  'kept',
  'keeps',
  'popping',
  'popped',
  'blowing',
  'blew',
  'reset',
  'resetting',
  'flipped',
  'flipping',
]);
/** A symptom after a thing: it failed, it is not what was done. */
const SYMPTOM_AFTER =
  /^\s+(?:(?:that|which|all|both|suddenly|just|had|have|has)\s+)*(?:went (?:dead|out)|died|quit|stopped(?: working)?|kept (?:tripping|flickering|dying|going out)|keeps (?:tripping|flickering)|tripped|would(?:n't| not) (?:work|stay)|won't|(?:was|were) (?:dead|sparking)|started (?:buzzing|sparking|smoking)|flickered|lost power|(?:kept|keeps) (?:shutting|turning|cutting) (?:off|down|out)|(?:hadn't|had not|hasn't|has not|didn't|did not|doesn't|does not|wouldn't|would not) (?:worked|work)(?:ed)?)\b/;
/** A symptom before a thing: "kept tripping the breaker", "blew the breaker". */
const SYMPTOM_BEFORE = /\b(?:tripping|tripped|trips|blew|blowing|popped|popping)\s+(?:the|a|our|my)\s+(?:[\p{L}-]+\s+)?$/u;
/** The symptom's thing replaced later on: "… replaced it". */
const REPLACED_LATER = /\b(?:(?:replac|swapp|swap|chang|fix)\w*\s+(?:it|them|that|those|both)|(?:put|installed)\s+(?:in\s+)?a new one)\b/;
/** The object of a verb when it is one thing: "it", "them", "the chandelier I bought", "our porch and back stoop lights". */
const VERB_ON_A_THING =
  /^\s+(?:it|them|(?:the|our|my|her|his|their|a|an|that|this)\s+(?:[\p{L}-]+\s+){0,4}?(?:outlets?|receptacles?|gfcis?|switch(?:es)?|dimmers?|lights?|fixtures?|fans?|chandeliers?|pendants?|sconces?|lamps?|heaters?))\b/u;
/** Things a later "it" may stand for instead ("the pool light went out … found the GFCI breaker had failed. Replaced it"). */
const ANOTHER_THING =
  /\b(?:outlets?|receptacles?|gfcis?|switch(?:es)?|dimmers?|breakers?|panels?|lights?|fixtures?|fans?|sockets?|wires?|transformers?|photo ?cells?|timers?)\b/;

function replacedLater(after: string, plural: boolean): boolean {
  const m = REPLACED_LATER.exec(after);
  // The pronoun agrees with the thing: "the garage lights flickered … replaced it" replaced something else.
  return m !== null && !ANOTHER_THING.test(after.slice(0, m.index)) && /\b(?:them|those|both)$/.test(m[0]) === plural;
}
/** How far the words around a name are read. */
const BEFORE = 8;
const AFTER = 4;
/** Words that a symptom's breaker needs right beside it to be the job itself. */
const BREAKER_JOBS =
  /^(?:replace[ds]?|replacing|new|add(?:ed)?|swap(?:ped)?|install(?:ed)?|afci|gfci|bad|failing|faulty|failed|worn|upgrade[ds]?|double|dual|tandem|correct(?:ed)?|burnt|melted|two|three|a couple|several)$/;

export interface Occurrence {
  /** The catalogue phrase as matched (normalised). */
  phrase: string;
  start: number;
  end: number;
  /** A thing named bare ("the panel"), not a catalogue phrase: it needs a job around it like a catch-all. */
  bare?: boolean;
  /** A phrase of the catalogue's inspection service ("rental certification" as much as "inspection"): judged as an inspection. */
  inspection?: boolean;
}

/**
 * A symptom is the customer's, not a job: named as not done, never a list's item. A mention names a thing as a place
 * or a property ("labeled every breaker"): a list's item when the list is of jobs, else in neither list.
 */
export type Judgement = 'job' | 'negated' | 'reference' | 'symptom' | 'mention';

/**
 * Judges one occurrence of a catalogue phrase in the normalised text whose
 * words are `words`; null when it is in neither list (a verb of the catalogue
 * worked on another thing).
 */
export function judgeOccurrence(text: string, words: readonly Word[], occurrence: Occurrence): Judgement | null {
  const first = firstEndingAfter(words, occurrence.start);
  let last = first;
  while (last + 1 < words.length && words[last + 1]!.start < occurrence.end) last++;
  const preceding = beforeWords(words, first);
  // A find that opens a clause has no words before it in its clause.
  const before = words[first]?.clauseStart ? [] : preceding;
  const after = clauseAfter(words, last, AFTER);
  const rest = text.slice(occurrence.end, words[Math.min(words.length - 1, last + AFTER + 1)]?.end ?? occurrence.end);

  // "a 200A service-rated transfer switch", "the fan/light combo", "it's actually a Square D": a rating, another thing, the
  // name of what the house has.
  if (/^(?:-rated\b|\/[\p{L}]+\s+combo\b)/u.test(text.slice(occurrence.end, occurrence.end + 20))) return null;
  if (/\b(?:it'?s|it is|it was|was|is) actually (?:a|an)\s+$/.test(text.slice(Math.max(0, occurrence.start - 30), occurrence.start)))
    return null;
  // "spark plugs": an engine's part, not an outlet's plug.
  if (/\bspark\s+$/.test(text.slice(Math.max(0, occurrence.start - 6), occurrence.start))) return null;
  // "our switch from swamp cooler to mini splits": a change from one thing to another, not a switch.
  if (/\bswitch$/.test(occurrence.phrase) && /^\s+from\s+[^.!?,]{1,40}?\s+to\s/.test(text.slice(occurrence.end, occurrence.end + 60)))
    return null;
  const negator = before.findIndex((w) => NEGATORS.has(w) || w.endsWith("n't"));
  // "not only", "didn't just replace the outlet": the job was done and more.
  if (negator !== -1 && !before.slice(negator + 1).some((w) => w === 'only' || w === 'just')) return 'negated';
  if (NOT_NEEDED_AFTER.test(rest) || DENIED_AFTER.test(rest)) return 'negated';
  // "Powerwall installed by our solar company": another party's work.
  if (BY_OTHER_AFTER.test(text.slice(occurrence.end, occurrence.end + 60))) return 'negated';
  // "caught a Zinsco panel", "missed that the upstairs was still on knob and tube": an inspection's finding.
  // … unless it was then put right ("Then we hired them to replace it").
  const lead = sentenceBefore(text, occurrence.start);
  if (FINDING_BEFORE.test(lead)) return FIXED_LATER.test(text.slice(occurrence.end, occurrence.end + SENTENCE_REACH)) ? 'job' : 'reference';
  // "came out to price a panel replacement. She said honestly we didn't need it": denied in the next sentence.
  const next = nextSentences(text, occurrence.end, 1);
  if (deniedNext(next, () => PRICE_NAMED.test(sentenceAround(text, occurrence.start)))) return 'negated';
  // "the EV charger we already had", "battery backup … was already there from the plumber": what the house had.
  if (ALREADY_THERE.test(text.slice(occurrence.end, occurrence.end + 60))) return 'negated';
  // "The fixture was fine", "looked at the outdoor outlet and said it was fine": nothing needed doing to it.
  // "The charger install was fine" speaks of the work, which was done.
  if (
    (FINE_AFTER.test(rest) &&
      !WORK_AFTER.test(rest) &&
      !/\b(?:install|installation|work|job|upgrade|replacement|hookup|swap)$/.test(occurrence.phrase) &&
      // "The charger is fine": a verdict on a thing put in; a diagnosis is told in the past ("the fixture was fine").
      (CATCH_ALL.test(occurrence.phrase) || !/^(?:\s+[\p{L}'-]+){0,2}?\s+(?:is|are)\s/u.test(rest))) ||
    SAID_FINE_AFTER.test(text.slice(occurrence.end, occurrence.end + 60))
  )
    return 'negated';
  // "were going to have them install", "talked us out of", "pressured … to also get": wished for, refused or pitched.
  if (NOT_DONE_BEFORE.test(lead)) return 'negated';
  // "a solar salesman told us we'd need a panel upgrade", "the home inspector told us to replace our panel", "a guy from
  // another outfit who wanted to replace our panel": another's advice, unless it was then put right ("then they replaced it").
  if (ADVISED_BY_OTHER.test(lead) && !DONE_LATER.test(text.slice(occurrence.end, occurrence.end + SENTENCE_REACH))) return 'negated';
  // "we thought the fixture was shot", "cheaper than a new panel": the customer's guess, a comparison.
  if (GUESSED_BEFORE.test(text.slice(Math.max(0, occurrence.start - 40), occurrence.start))) return 'negated';
  if (WOULD_NEED.test(lead) && !PRICE_NAMED.test(sentenceAround(text, occurrence.start))) return 'negated';
  // "came out to quote a 200 amp upgrade and ended up telling us our 150 amp service was fine": a visit to quote that
  // ends in "you don't need it", with no price, is no quote (only a priced quote counts).
  if (visitTalkedOut(text, occurrence.start, occurrence.end, lead)) return 'negated';
  // "got a second opinion from another electrician and they replaced one bad breaker", "my son put up the lights":
  // another party's work, not this business's.
  if (otherDoer(lead)) return 'negated';
  // "the fixtures I bought from the store were missing parts": the customer's purchase, named as no job of its own
  // (unless a job's verb acts on it: "installed the fixtures we bought").
  if (BOUGHT_AFTER.test(text.slice(occurrence.end, occurrence.end + 40)) && !PUT_IN_VERB.test(preceding.join(' '))) return null;
  const phrase = occurrence.phrase;
  // "rewired the chandelier", "rewired it and rehung it": a verb from the catalogue whose object is one thing works on that
  // thing, not the service the verb names.
  if (/^\p{L}+ed$/u.test(phrase) && VERB_ON_A_THING.test(text.slice(occurrence.end, occurrence.end + 60))) return null;
  const near = [...before.slice(-3), ...after.slice(0, 2)].join(' ');
  if (/\binspect/.test(phrase) || occurrence.inspection === true) {
    // "an inspection for our insurance company", "required by the city": whom it is for is not who did it.
    const doneBy = `${near} ${phrase}`.replace(WHOM_FOR, ' ');
    const around = `${before.join(' ')} ${phrase} ${after.join(' ')}`;
    if (/^\s+(?:that\s+|which\s+)?(?:they|he|she)\s+did\b/.test(rest)) return 'job';
    // "a point-of-sale inspection done by another company": someone else's.
    if (OTHERS_INSPECTION.test(doneBy) || /^\s+(?:done\s+)?by\s+(?:another|a different|the other|other|a)\b/.test(rest)) return 'reference';
    // Otherwise an inspection named is this business's unless its sentence names another's ("Permit, inspection, done";
    // "Inspection day … the county guy failed us").
    if (before.some((w) => JOB_CUES.has(w)) || /\b(?:report|safety|pre-sale|pre-purchase|whole[- ]house|full|annual)\b/.test(around))
      return 'job';
    return OTHERS_INSPECTION.test(sentenceAround(text, occurrence.start).replace(WHOM_FOR, ' ')) ? 'reference' : 'job';
  }
  if (before.some((w) => FUTURE.has(w))) return 'reference';
  // "bring them back for the hallway fixtures next year": planned, not done.
  if (/^[^.!?]{0,20}\bnext (?:year|month|spring|summer|fall|winter|time)\b/.test(text.slice(occurrence.end, occurrence.end + 40)))
    return 'reference';
  // "our kitchen outlets went dead", "kept tripping the breaker": the customer's symptom, unless the thing itself was
  // put in or replaced ("replaced the outlet that died", "… was sparking. Buck came out and replaced it").
  if (
    (SYMPTOM_AFTER.test(rest) || SYMPTOM_BEFORE.test(text.slice(Math.max(0, occurrence.start - 40), occurrence.start))) &&
    !jobVerbOn(before)
  )
    return replacedLater(text.slice(occurrence.end, occurrence.end + SENTENCE_REACH), /s$/.test(occurrence.phrase)) ? 'job' : 'symptom';
  // A light that flickers or died because of a fault elsewhere is the symptom ("fixed our flickering lights (loose
  // connection at the meter)"), unless it was put in or replaced itself.
  if (LIGHT_THING.test(phrase) && before.slice(-2).some((w) => SYMPTOM_STATES.has(w)) && !before.some((w) => INSTALL_VERBS.test(w)))
    return 'negated';
  // "a thing" followed by a box, plate or cover names that part ("a light box", "the outlet cover"), not the thing.
  if (PART_AFTER.test(rest)) return 'reference';
  const close = text.slice(Math.max(0, occurrence.start - 40), occurrence.start);
  // "the batteries in her smoke alarm": a part of the thing; "the dimmer for my dining room chandelier": the lights a
  // control serves; "failed us for missing GFCIs": an inspector's finding.
  if (PART_BEFORE.test(close) || (SERVED_BEFORE.test(close) && LIGHT_THING.test(phrase))) return null;
  // … unless this business then fixed what was found ("Lantern Hill fixed both").
  if (FAILED_FOR_BEFORE.test(lead))
    return FIXED_LATER.test(text.slice(occurrence.end, occurrence.end + SENTENCE_REACH)) ? 'job' : 'negated';
  // "the outlet would do everything we need": a judgement of what is there; "our old smoke detectors … we should replace
  // them": advice not taken.
  if (MODAL_AFTER.test(rest)) return null;
  if (SHOULD_AFTER.test(text.slice(occurrence.end, occurrence.end + 80))) return 'negated';
  if (occurrence.bare === true) {
    // A thing named bare is the job after a job's verb in its clause with no place word between ("quoted $2,900 for a
    // panel", not "ran it from the panel"), before a job noun ("the panel swap", "the charger install"), or with a
    // job's verb in the clause that follows it ("the switches he put in").
    // Another thing altogether, never an item of a list of jobs.
    if (OTHER_THING_BEFORE.test(`${before.slice(-2).join(' ')} ${phrase}`)) return null;
    if (jobVerbOn(before)) return 'job';
    if (JOB_AFTER_THING.test(rest) || DONE_AFTER_THING.test(rest) || WORK_ON.test(before.join(' '))) return 'job';
    return 'reference';
  }
  // "Square D panel, two years old": the age of what the house has, with no job's verb before it.
  if (AGE_AFTER.test(rest) && !before.some((w) => BARE_JOBS.has(w))) return 'reference';
  if (JOB_NOUNS.test(phrase) || !CATCH_ALL.test(phrase)) return 'job';
  // "said it was the GFCI in the basement feeding them, reset it": only reset, the customer's symptom's thing.
  if (/\breset (?:it|them)\b/.test(next) && !/\b(?:replac|swap|install|put in)\w*/.test(next)) return 'reference';
  // A catch-all thing ("outlet", "breaker", "panel") needs a job around it.
  if (NOT_A_JOB_BEFORE.test(before.join(' '))) return 'reference';
  // "did a fine job on the outlets", "good work on the RV outlet": the business's work named before the thing.
  if (WORK_ON.test(before.join(' '))) return 'job';
  // "a loose connection on the breaker, which he replaced": a relative clause that tells it was done.
  if (REPLACED_AFTER_THING.test(text.slice(occurrence.end, occurrence.end + 40))) return 'job';
  // "a long run from the main panel": the panel as a place, unless the phrase names a job of its own ("on AFCI breakers").
  if (
    before.length > 0 &&
    PLACE_WORDS.has(before.filter((w) => !DETERMINERS.has(w)).pop() ?? '') &&
    !jobVerbOn(before) &&
    !phrase.split(' ').some((w) => BREAKER_JOBS.test(w))
  )
    return 'reference';
  // A breaker or GFCI that tripped or was reset is the symptom unless the thing itself was replaced.
  if (/\b(?:breakers?|gfcis?|gfis?)\b/.test(phrase)) {
    // The thing's own name is no cue: a GFCI is a GFCI whether or not it was replaced; its modifiers are ("bad breaker").
    const beside = [...before.slice(-2), ...after.slice(0, 1), ...phrase.split(' ').slice(0, -1)];
    if (beside.some((w) => BREAKER_JOBS.test(w))) return 'job';
    // "the breaker still trips": the job was done and did not hold.
    if (after.some((w) => w === 'still' || w === 'again')) return 'job';
    if (clauseAfter(words, last, 6).some((w) => SYMPTOMS.has(w)) || before.some((w) => SYMPTOMS.has(w)))
      // "the GFCI kept tripping … swapped it": the symptom's thing was then replaced.
      return REPLACED_IT.test(next.slice(0, 200)) ? 'job' : 'reference';
  }
  // A breaker is named in many reviews as a place or a property ("labeled every breaker", "the wrong breaker", "because of
  // the breaker size"): it is a job only as the object of a job's verb, or replaced in the next sentence.
  const breaker = /\bbreakers?$/.test(phrase);
  const context = [...before, ...phrase.split(' ').slice(0, -1), ...after];
  if (breaker ? jobVerbOn(before) : context.some((w) => JOB_CUES.has(w) || COUNTS.test(w))) return 'job';
  // Operated, not worked on ("shutting off the breaker", "checking the main breaker"): the customer's, named as no job.
  if (breaker && !REPLACED_NEXT.test(next))
    return [...before.slice(-3), ...after.slice(0, 1)].some((w) => OPERATED.test(w)) ? 'reference' : 'mention';
  // "It's an outlet. They replaced it.": the thing, then its job in the next sentence.
  return REPLACED_NEXT.test(next) || replacedLater(next, /s$/.test(phrase)) ? 'job' : 'reference';
}

/** The customer's own purchase: "the fixtures I bought", "the fan we ordered online". */
const BOUGHT_AFTER = /^\s+(?:that\s+)?(?:i|we|my \p{L}+)\s+(?:had\s+)?(?:bought|purchased|ordered|picked out|supplied|got)\b/u;

const AGE_AFTER =
  /^(?:\s+panel)?,?\s+(?:is\s+|was\s+)?(?:only\s+|just\s+|about\s+)?(?:\d+|one|two|three|four|five|ten|twenty|thirty|forty|fifty)\s+years?\s+old\b/;
const PUT_IN_VERB = /\b(?:install\w*|hung|hang\w*|mount\w*|rewir\w*|wired|put|replac\w*|swap\w*|add\w*)\b/;

/** Up to eight words before word `first`, back to the start of the clause they are in. */
function beforeWords(words: readonly Word[], first: number): string[] {
  const out: string[] = [];
  for (let w = first - 1; w >= 0 && out.length < BEFORE; w--) {
    out.unshift(words[w]!.text);
    if (words[w]!.clauseStart) break;
  }
  return out;
}

/** Whether a job's verb comes within five words before a thing with no place word or other object between ("quoted $2,900 for a panel", not "ran it from the panel"). */
function jobVerbOn(before: readonly string[]): boolean {
  const lead = before.slice(-5);
  const verbAt = lead.findLastIndex((w) => BARE_JOBS.has(w));
  if (verbAt === -1) return false;
  // "came out to price a charger" is the verb; "Price was a deal breaker" the noun.
  if (lead[verbAt] === 'price' && lead[verbAt - 1] !== 'to') return false;
  // "swapped it for a breaker panel": the old thing, then the new one.
  // "put in the lights", "hung up two fixtures": the verb's particle, not a place.
  const between = lead
    .slice(verbAt + 1 + (PARTICLES.has(lead[verbAt + 1] ?? '') ? 1 : 0))
    .join(' ')
    .replace(/\b(?:it|them) (?:for|with)\b/, 'for')
    .split(' ');
  return !between.some((w) => PLACE_WORDS.has(w) || OBJECTS.has(w));
}

const PART_BEFORE = /\b(?:batter(?:y|ies)|bulbs?|covers?|plates?|cords?|shades?|globes?)\s+(?:in|on|of|for|from)\s+(?:\S+\s+)?$/;
const SERVED_BEFORE = /\b(?:dimmers?|switch(?:es)?)\s+for\s+(?:my|our|her|his|their)\s+(?:[\p{L}-]+\s+){0,2}$/u;
const FAILED_FOR_BEFORE = /\bfailed\s+(?:us|me|it|the house|the unit)\b[^.!?]*\bfor\b/;
const FIXED_LATER = /\b(?:fix|replac|swap|correct)\w*\s+(?:it|them|both|those|all)\b/;
const MODAL_AFTER = /^\s+(?:would|will|could|might)\s+(?:do|work|handle|cover|be (?:enough|fine|plenty))\b/;
const SHOULD_AFTER = /^[^.!?]{0,60}\b(?:we|i|you)\s+should\s+(?:replace|upgrade|get|change)\s+(?:them|it|those)\b/;
const OPERATED = /^(?:check\w*|shut\w*|turn\w*|flip\w*|reset\w*|switch\w*|off)$/;

/** How far a sentence is looked for around a find: reviews with no punctuation stay linear in their length. */
export const SENTENCE_REACH = 300;
const SENTENCE_END = /[.!?\n]/;

/** The sentence around `at` (at most SENTENCE_REACH characters either side). */
export function sentenceAround(text: string, at: number): string {
  const window = text.slice(Math.max(0, at - SENTENCE_REACH), at);
  let from = window.length;
  while (from > 0 && !SENTENCE_END.test(window[from - 1]!)) from--;
  const ahead = text.slice(at, at + SENTENCE_REACH).search(SENTENCE_END);
  return text.slice(at - window.length + from, ahead === -1 ? Math.min(text.length, at + SENTENCE_REACH) : at + ahead);
}

/** The text from the start of the sentence, or from its last contrast word, up to `at`. */
function sentenceBefore(text: string, at: number): string {
  const window = text.slice(Math.max(0, at - 200), at);
  let from = window.length;
  while (from > 0 && !SENTENCE_END.test(window[from - 1]!)) from--;
  const sentence = window.slice(from);
  // A contrast starts a new thought: "we were going to … but … it was just the ceiling fans".
  const turn = [...sentence.matchAll(/\b(?:but|so|however|though|then|instead)\b/g)].pop();
  return turn ? sentence.slice(turn.index + turn[0].length) : sentence;
}

/** "It's an outlet. They replaced it.", "… Replaced in 15 minutes.": the thing's job in the next sentence. */
const REPLACED_NEXT =
  /^[^.!?]*[.!?]?\s*(?:they|he|she|\p{L}+)?\s*(?:replac|swapp|swap|fix|repair|install)\w*\s+(?:it|them)\b|[.!?]\s*(?:(?:it|they|that)\s+(?:got|was|were)\s+)?(?:replac|swapp|fix|repair)\w*\b/u;
const REPLACED_IT = /\b(?:replac|swapp|swap|chang|fix)\w*\s+(?:it|them|that|those|both)\b/;

/** The text from `at` to the end of the sentence after the one `at` is in (`extra` sentences more). */
function nextSentences(text: string, at: number, extra: number): string {
  let end = at;
  for (let i = 0; i <= extra; i++) {
    // A full stop after a single letter is an initial ("chris d. came"), not a sentence's end.
    const next = text.slice(end, at + SENTENCE_REACH).search(/(?<!(?:^|[^\p{L}])\p{L})[.!?]\s|\n/u);
    if (next === -1) return text.slice(at, at + SENTENCE_REACH);
    end += next + 1;
  }
  return text.slice(at, end);
}

/** Up to `n` words after word `last`, within its clause. */
function clauseAfter(words: readonly Word[], last: number, n: number): string[] {
  const out: string[] = [];
  for (let w = last + 1; w < words.length && out.length < n && !words[w]!.clauseStart; w++) out.push(words[w]!.text);
  return out;
}

/** The index of the first of `items` (sorted by end) that ends after `offset`: a word, a find. */
export function firstEndingAfter(items: readonly { end: number }[], offset: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Words that may stand between a part and the job it belongs to: "the NEMA 14-50 outlet", "a circuit with GFCI protection", "the breaker for the charger". */
const SHARED_ARTICLE = /^\s+and\s+$/;
const PART_GAP = /^(?:\s+(?:on|in|for|with|of|to|its|the|a|an|our|my|that|it|them|their))*\s*$/;

/**
 * The other service named right beside a catch-all thing that the thing is a
 * part of (the outlet of a NEMA 14-50 charger hookup, the GFCI of a new circuit,
 * the breaker for a charger), or -1: when that service is a job, the thing is
 * that job only.
 */
export function partOfAnotherJob(text: string, occurrences: readonly (Occurrence & { targets: readonly string[] })[], k: number): number {
  const own = occurrences[k]!;
  if (!CATCH_ALL.test(own.phrase) || JOB_NOUNS.test(own.phrase)) return -1;
  const beside = (other: (typeof occurrences)[number] | undefined, gap: string): boolean =>
    other !== undefined &&
    !other.targets.some((t) => own.targets.includes(t)) &&
    !CATCH_ALL.test(other.phrase) &&
    // "double-tapped breakers" names a fault of the thing, not a job it is part of.
    !/ed$/.test(other.phrase) &&
    PART_GAP.test(gap);
  const before = occurrences[k - 1];
  const after = occurrences[k + 1];
  // "a dedicated circuit and outlet for the freezer": one article for both singulars, one thing ("lights and outlets"
  // are two items).
  if (
    before !== undefined &&
    (beside(before, text.slice(before.end, own.start)) ||
      (beside(before, '') && !own.phrase.endsWith('s') && SHARED_ARTICLE.test(text.slice(before.end, own.start))))
  )
    return k - 1;
  return after !== undefined && beside(after, text.slice(own.end, after.start)) ? k + 1 : -1;
}
