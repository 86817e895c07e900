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
  valence: number;
  cues: CueSense[];
}

const NUMBER =
  '(?:\\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|forty five|ninety|several|a few|few|a couple(?: of)?|couple(?: of)?)';
const ABOUT = '(?:(?:over|almost|nearly|more than|about|around|like|at least|literally) )?';
const CLOCK = '\\d{1,2}(?: : \\d{2})?(?: ?(?:am|pm|a m|p m|o\'clock))?';

const SPECS: [string, number, CueSense['aspect'] | null, CueSense['kind'] | null][] = [
  // Punctuality: a clock time kept to the minute, or hours of lateness.
  [`${CLOCK} (?:sharp|on the dot|on the nose)`, 0, 'punctuality', '+'],
  [`(?:right|exactly|precisely) at ${CLOCK}`, 0, 'punctuality', '+'],
  [`${NUMBER} (?:minutes|mins) (?:early|before (?:the|our) (?:window|appointment))`, 0, 'punctuality', '+'],
  [`${ABOUT}${NUMBER} (?:hours?|hrs?|minutes|mins) late`, 0, 'punctuality', '-'],
  [`(?:waited|waiting|wait) (?:for )?(?:them |him |her )?${ABOUT}${NUMBER} (?:hours?|hrs?)`, 0, 'punctuality', '-'],
  [`(?:no call|no call or|no call and) no show`, 0, 'punctuality', '-'],
  [`(?:within|in|inside) (?:the|our|my|their) (?:appointment |arrival |time |scheduled )?window`, 0, 'punctuality', '+'],
  [`(?:nobody|no one|noone|never|didn't|did not|didnt) (?:even )?(?:showed|show|bothered to show)(?! (?:me|us|him|her|them|how|the|up))`, 0, 'punctuality', '-'],
  // Responsiveness: how long until someone answered or came out.
  [`within ${ABOUT}(?:the|${NUMBER}) (?:minutes?|mins?|hours?|hrs?|hour|days?|weeks?)`, 0, 'responsiveness', '+'],
  [`on (?:short|${NUMBER} days?|a day's|a days|one day's|no) notice`, 0, 'responsiveness', '+'],
  [`(?:came|come|coming|out|over|here|there|responded|answered|called|call|got back|showed up|arrived|dispatched|sent (?:someone|a tech|\\S+))(?: \\S+){0,3}? (?:right away|immediately|asap|promptly|right over|in no time)`, 0, 'responsiveness', '+'],
  [`within (?:minutes|hours|the hour)`, 0, 'responsiveness', '+'],
  [`in (?:under|less than) ${NUMBER} (?:minutes?|hours?|hour)`, 0, 'responsiveness', '+'],
  [`took (?:them |him |her |it )?${ABOUT}${NUMBER} (?:days?|weeks?|months?) (?:to|before|for)`, 0, 'responsiveness', '-'],
  [`(?:waited|waiting|wait) (?:for )?${ABOUT}${NUMBER} (?:days?|weeks?|months?)`, 0, 'responsiveness', '-'],
  [`(?:days|weeks) (?:to|before (?:they|he|she|anyone)) (?:hear|get back|call|respond|reply|schedule|come)`, 0, 'responsiveness', '-'],
  [`${NUMBER} (?:days?|weeks?) out`, 0, 'responsiveness', '-'],
  [`(?:call|called|callback|call back|heard back|hear back|response|reply|replied|email|text|got back)(?: \\S+){0,3} ${NUMBER} (?:days?|weeks?|months?) later`, 0, 'responsiveness', '-'],
  [`(?:left|leaving) ${NUMBER} (?:voicemails|messages|voice messages)|had to call (?:them )?(?:twice|again|back|${NUMBER} times|multiple times|repeatedly)`, 0, 'responsiveness', '-'],
  // Communication: questions answered, things shown.
  [`answer(?:ed|ing|s)? (?:all |every |each |any )?(?:of )?(?:my |our |his |her |their |the |mom's |dad's )?(?:many |dumb |endless |million )?questions?`, 0, 'communication', '+'],
  [`walk(?:ed|s|ing)? (?:\\S+ ){1,3}through`, 0, 'communication', '+'],
  [`made sure (?:i|we|they|she|he|everyone|my \\S+) (?:understood|knew|was comfortable|were comfortable|was happy|were happy)`, 0, 'communication', '+'],
  [`(?:better|more|clearer|some|a) (?:communication|updates?|heads up|call|phone call)(?: \\S+){0,4} (?:would have|would've|would) (?:made|helped|been)`, 0, 'communication', '-'],
  // Workmanship: "clean" said of the work itself, and the price kept.
  [`clean (?:and (?:neat|tidy|professional) )?(?:conduit|runs?|wiring|wire|install|installation|job|work|panel|lines?|finish|look|result|connections?|cuts?|splices?)`, 0, 'workmanship', '+'],
  [`(?:exactly |right at |just )?what (?:they|he|she|we were|i was) quoted|came in (?:at|under|right at|on) (?:the )?(?:quote|estimate|budget)|stuck to (?:the|their|his|her) (?:quote|estimate|price)|matched (?:the|their|his|her) (?:quote|estimate)`, 0, 'pricing', '+'],
  // Workmanship: the work has held up.
  [
    `(?:no|haven't had|have not had|not had|never had|hasn't had|has not had|not a single|zero|without) (?:any |a single |one |an |a )?(?:problems?|issues?|trouble|complaints?|flicker(?:ing)?|trips?|tripping|hiccups?)(?: \\S+){0,3} since`,
    0,
    'workmanship',
    '+',
  ],
  [`(?:hasn't|has not|haven't|have not|hasnt|havent) (?:tripped|flickered|failed|given us trouble)(?: \\S+){0,2} since`, 0, 'workmanship', '+'],
  // Technical knowledge: knowing what one is doing.
  [`(?:knew|knows|know|knowing) (?:exactly )?what (?:he|she|they|he's|she's|they're|he was|she was|they were|is|are) ?(?:was |were |is |are )?doing`, 0, 'technical_knowledge', '+'],
  // "can't recommend X enough" is praise whatever X is.
  [`(?:can't|cannot|can not|couldn't|could not) (?:recommend|praise|thank)(?: \\S+){0,3} enough`, 3.2, null, null],
  [`(?:can't|cannot|can not|couldn't|could not) say enough`, 3.2, null, null],
];

export const IMPLICIT_CUES: readonly ImplicitCue[] = SPECS.map(([source, valence, aspect, kind]) => ({
  // Anchored on spaces, so a pattern never starts or ends inside a token.
  pattern: new RegExp(`(?<![^ ])${source}(?![^ ])`, 'g'),
  valence,
  cues: aspect && kind ? [{ aspect, kind }] : [],
}));
