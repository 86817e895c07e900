import type { CueSense } from './aspect-cues.ts';

/**
 * Cues no word list can hold, because they involve numbers or a free slot:
 * "showed up at 8 sharp", "waited three hours", "within 20 minutes",
 * "haven't had a single problem since". They run on the review's folded
 * tokens joined by single spaces, so a pattern sees "8 : 00 sharp" for
 * "8:00 sharp", and a match always starts and ends on token boundaries.
 */
export interface ImplicitCue {
  pattern: RegExp;
  /** Folded tokens whose presence makes the pattern worth running. */
  triggers: string[];
  valence: number;
  cues: CueSense[];
}

const NUMBER =
  '(?:\\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|forty five|ninety|several|a few|few|a couple(?: of)?|couple(?: of)?)';
const ABOUT = '(?:(?:over|almost|nearly|more than|about|around|like|at least|literally) )?';
const CLOCK = "\\d{1,2}(?: : \\d{2})?(?: ?(?:am|pm|a m|p m|o'clock))?";

/** Pattern, valence, aspect, cue kind, and trigger words: a pattern runs only on reviews holding one of them. */
const SPECS: [string, number, CueSense['aspect'] | null, CueSense['kind'] | null, string][] = [
  // Punctuality: a clock time kept to the minute, or hours of lateness.
  [`${CLOCK} (?:sharp|on the dot|on the nose)`, 0, 'punctuality', '+', 'sharp dot nose'],
  [`(?:right|exactly|precisely) at ${CLOCK}`, 0, 'punctuality', '+', 'right exactly precisely'],
  [`${NUMBER} (?:minutes|mins) (?:early|before (?:the|our) (?:window|appointment))`, 0, 'punctuality', '+', 'minutes mins'],
  [`${ABOUT}${NUMBER} (?:hours?|hrs?|minutes|mins) late`, 0, 'punctuality', '-', 'late'],
  [`(?:waited|waiting|wait) (?:for )?(?:them |him |her )?${ABOUT}${NUMBER} (?:hours?|hrs?)`, 0, 'punctuality', '-', 'waited waiting wait'],
  [`${NUMBER} (?:hours?|hrs?) (?:of )?waiting`, 0, 'punctuality', '-', 'waiting'],
  [`(?:no call|no call or|no call and) no show`, 0, 'punctuality', '-', 'show'],
  [`(?:within|in|inside) (?:the|our|my|their) (?:appointment |arrival |time |scheduled )?window`, 0, 'punctuality', '+', 'window'],
  [
    `(?:nobody|no one|noone|never|didn't|did not|didnt) (?:even )?(?:showed|show|bothered to show)(?! (?:me|us|him|her|them|how|the|up))`,
    0,
    'punctuality',
    '-',
    'showed show',
  ],
  // Responsiveness: how long until someone answered or came out.
  [`within ${ABOUT}(?:the|${NUMBER}) (?:minutes?|mins?|hours?|hrs?|hour|days?|weeks?)`, 0, 'responsiveness', '+', 'within'],
  [`on (?:short|${NUMBER} days?|a day's|a days|one day's|no) notice`, 0, 'responsiveness', '+', 'notice'],
  [
    `(?:came|come|coming|out|over|here|there|responded|answered|called|call|got back|showed up|arrived|dispatched|sent (?:someone|a tech|\\S+))(?: \\S+){0,3}? (?:right away|immediately|asap|promptly|right over|in no time)`,
    0,
    'responsiveness',
    '+',
    'away immediately asap promptly over time',
  ],
  [`within (?:minutes|hours|the hour)`, 0, 'responsiveness', '+', 'within'],
  [`in (?:under|less than) ${NUMBER} (?:minutes?|hours?|hour)`, 0, 'responsiveness', '+', 'under less'],
  [
    `(?:had (?:someone|a tech|an electrician|\\S+) (?:out|here|over)|(?:was|were|got|came|come) (?:here|out|there|over)|(?:was|were) at (?:my|our) (?:door|house|place|home)|(?:was|were) in (?:my|our) \\S+) (?:by|on|the (?:same|next)|first thing|that|this|within|before|early|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|in ${ABOUT}${NUMBER} (?:minutes|mins|hours?)|in under)`,
    0,
    'responsiveness',
    '+',
    'out here there over door house place home was were',
  ],
  [
    `(?:return|returned|returning|returns) (?:a |my |our |any |the |one |a single |of my |of our |his |her )*(?:calls?|messages?|emails?|texts?|voicemails?)`,
    0,
    'responsiveness',
    '+',
    'return returned returning returns',
  ],
  [`slow (?:to|at|in) (?:send|respond|reply|call|get|return|schedul|answer)\\S*`, 0, 'responsiveness', '-', 'slow'],
  [
    `took (?:them |him |her |it )?${ABOUT}${NUMBER} (?:days?|weeks?|months?)(?: \\S+){0,6}? (?:to|before|for|until)`,
    0,
    'responsiveness',
    '-',
    'took',
  ],
  [
    `${ABOUT}${NUMBER} (?:days?|weeks?|months?) (?:for|to get|until|before) (?:a |the |any |an )?(?:callback|call back|call|response|reply|appointment|quote|estimate|visit|someone)`,
    0,
    'responsiveness',
    '-',
    'day days week weeks month months',
  ],
  [`(?:waited|waiting|wait) (?:for )?${ABOUT}${NUMBER} (?:days?|weeks?|months?)`, 0, 'responsiveness', '-', 'waited waiting wait'],
  [
    `(?:days|weeks) (?:to|before (?:they|he|she|anyone)) (?:hear|get back|call|respond|reply|schedule|come)`,
    0,
    'responsiveness',
    '-',
    'days weeks',
  ],
  [`${NUMBER} (?:days?|weeks?) out`, 0, 'responsiveness', '-', 'out'],
  [
    `(?:call|called|callback|call back|heard back|hear back|response|reply|replied|email|text|got back)(?: \\S+){0,3} ${NUMBER} (?:days?|weeks?|months?) later`,
    0,
    'responsiveness',
    '-',
    'later',
  ],
  [
    `(?:left|leaving) ${NUMBER} (?:voicemails|messages|voice messages)|had to call (?:them )?(?:twice|again|back|${NUMBER} times|multiple times|repeatedly)`,
    0,
    'responsiveness',
    '-',
    'left leaving call',
  ],
  // Communication: questions answered, things shown.
  [
    `answer(?:ed|ing|s)? (?:all |every |each |any )?(?:of )?(?:my |our |his |her |their |the |mom's |dad's )?(?:many |dumb |endless |million )?questions?`,
    0,
    'communication',
    '+',
    'question questions',
  ],
  [`walk(?:ed|s|ing)? (?:\\S+ ){1,3}through`, 0, 'communication', '+', 'through'],
  [
    `made sure (?:i|we|they|she|he|everyone|my \\S+) (?:understood|knew|was comfortable|were comfortable|was happy|were happy)`,
    0,
    'communication',
    '+',
    'sure',
  ],
  [
    `(?:better|more|clearer|some|a) (?:communication|updates?|heads up|call|phone call)(?: \\S+){0,4} (?:would have|would've|would) (?:made|helped|been)`,
    0,
    'communication',
    '-',
    "would would've",
  ],
  [
    `(?:still )?(?:don't|didn't|do not|did not) (?:really )?(?:know|understand) (?:what|why|how)`,
    0,
    'communication',
    '-',
    'know understand',
  ],
  // Workmanship: "clean" said of the work itself, and the price kept.
  [
    `clean (?:and (?:neat|tidy|professional) )?(?:conduit|runs?|wiring|wire|install|installation|job|work|panel|lines?|finish|look|result|connections?|cuts?|splices?)`,
    0,
    'workmanship',
    '+',
    'clean',
  ],
  [
    `(?:exactly |right at |just )?what (?:they|he|she|we were|i was) quoted|came in (?:at|under|right at|on) (?:the )?(?:quote|estimate|budget)|stuck to (?:the|their|his|her) (?:quote|estimate|price)|matched (?:the|their|his|her) (?:quote|estimate)|charged (?:exactly )?what (?:they|he|she) (?:said|quoted|promised)`,
    0,
    'pricing',
    '+',
    'quoted came stuck matched charged',
  ],
  // Workmanship: the work has held up.
  [
    `(?:no|haven't had|have not had|not had|never had|hasn't had|has not had|not a single|zero|without) (?:any |a single |one |an |a )?(?:problems?|issues?|trouble|complaints?|flicker(?:ing)?|trips?|tripping|hiccups?)(?: \\S+){0,3} since`,
    0,
    'workmanship',
    '+',
    'since',
  ],
  [
    `(?:nothing|hasn't|has not|haven't|have not|hasnt|havent|not once|never)(?: has)? (?:tripped|flickered|failed|given us trouble|had (?:a|an|any) (?:problems?|issues?))(?: \\S+){0,2} (?:since|in (?:\\S+ )?(?:months?|weeks?|years?))`,
    0,
    'workmanship',
    '+',
    'since months month weeks week years year',
  ],
  [
    `(?:${NUMBER}|multiple|several|many) (?:visits|trips|tries|attempts|times|callbacks) to (?:fix|get|finish|repair|sort)`,
    0,
    'workmanship',
    '-',
    'visits trips tries attempts times callbacks',
  ],
  [
    `had to (?:hire|get|call|pay) (?:someone else|another electrician|another company|a different (?:electrician|company)|a second electrician)`,
    0,
    'workmanship',
    '-',
    'had',
  ],
  // Technical knowledge: knowing what one is doing.
  [
    `(?:knew|knows|know|knowing) (?:exactly )?what (?:he|she|they|he's|she's|they're|he was|she was|they were|is|are) ?(?:was |were |is |are )?doing`,
    0,
    'technical_knowledge',
    '+',
    'doing',
  ],
  [
    `(?:found|spotted|caught|noticed|discovered|located|identified|pinpointed)(?: \\S+){0,4}? (?:problems?|issues?|cause|culprit|fault|neutral|wire|connection|breaker|short|ground|splice|backstab|leak)`,
    0,
    'technical_knowledge',
    '+',
    'found spotted caught noticed discovered located identified pinpointed',
  ],
  [
    `(?:nobody|no one|none of the others?) else (?:could|thought|was able|had|managed|caught|found|figured|noticed)`,
    0,
    'technical_knowledge',
    '+',
    'else',
  ],
  // Safety: a hazard found before it did harm.
  [
    `could(?: have|'ve) (?:easily |potentially |eventually )?(?:started a fire|caused a fire|burned|burnt|fried|killed|electrocuted|shocked|caught fire|burned down)`,
    0,
    'safety',
    '+',
    "could could've",
  ],
  // "can't recommend X enough" is praise whatever X is.
  [`(?:can't|cannot|can not|couldn't|could not) (?:recommend|praise|thank)(?: \\S+){0,3} enough`, 3.2, null, null, 'enough'],
  [`(?:can't|cannot|can not|couldn't|could not) say enough`, 3.2, null, null, 'enough'],
];

export const IMPLICIT_CUES: readonly ImplicitCue[] = SPECS.map(([source, valence, aspect, kind, triggers]) => ({
  triggers: triggers.split(' '),
  // Anchored on spaces, so a pattern never starts or ends inside a token.
  pattern: new RegExp(`(?<![^ ])${source}(?![^ ])`, 'g'),
  valence,
  cues: aspect && kind ? [{ aspect, kind }] : [],
}));

/** Trigger token → indices of the implicit cues it can start, so most reviews run a handful of patterns. */
export const IMPLICIT_TRIGGERS: ReadonlyMap<string, readonly number[]> = (() => {
  const map = new Map<string, number[]>();
  IMPLICIT_CUES.forEach((cue, i) => {
    for (const t of cue.triggers) map.set(t, [...(map.get(t) ?? []), i]);
  });
  return map;
})();
