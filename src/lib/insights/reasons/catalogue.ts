import type { AspectId } from '../../../schemas/catalogue.ts';

/**
 * The reasons customers give for praising or criticising an aspect, as cue
 * patterns in the trade's words (docs/insights.md, "Reasons"). A sentence of a
 * review that mentions the aspect with the reason's polarity belongs to the
 * first reason of that aspect and polarity whose pattern it matches; the label
 * is how customers put it. Nothing here names a review or a business: another
 * business's reviews group under the same cues into their own counts, and a
 * reason no two reviews give is not published.
 */
export interface ReasonCue {
  id: string;
  aspect: AspectId;
  polarity: 'positive' | 'negative';
  label: string;
  /** The chip a reader clicks, shorter than the label: "on time", "bill matched the quote". */
  short: string;
  /** Tested against the lower-cased sentence, as a whole-word match (see `whole`). */
  pattern: RegExp;
  /** A sentence that also matches this says something else ("…but they called me before fixing it"). */
  unless?: RegExp;
  /** The reason of the other polarity that says the opposite, for the summary's "opinions divide" sentence. */
  opposite?: string;
}

const BILL = String.raw`(?:bill|invoice|total|price|cost|final (?:bill|price|invoice|number))`;
const QUOTE = String.raw`(?:quote|quoted|estimate|estimated|bid)`;
const WEEKDAY = String.raw`(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)`;

/** A cue's pattern as a whole-word match: "wiped" does not find "swiped", "ground" not "underground". */
function whole(pattern: RegExp): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern.source})(?![\\p{L}\\p{N}])`, 'u');
}

const CUES: readonly ReasonCue[] = [
  // pricing
  {
    id: 'bill-matched-quote',
    aspect: 'pricing',
    polarity: 'positive',
    label: 'the bill matched the quote',
    short: 'bill matched the quote',
    opposite: 'bill-above-quote',
    pattern: new RegExp(
      String.raw`${BILL}\b.{0,50}\b(?:match(?:ed|es)?|exactly|same as|right at|didn'?t change|did not change)\b.{0,30}${QUOTE}|` +
        String.raw`(?:charged|price was|cost) (?:exactly )?(?:what|the) (?:they |he |she |was )?${QUOTE}|` +
        String.raw`${QUOTE}.{0,60}(?:didn'?t change|to the dollar|by a penny|no hidden|no surprises)|` +
        String.raw`only charged the ${QUOTE}|${BILL} matched`,
    ),
  },
  {
    id: 'bill-above-quote',
    aspect: 'pricing',
    polarity: 'negative',
    label: 'the final bill came in above the quote without a call',
    short: 'bill above the quote',
    unless: /\b(?:they|he|she) called (?:me|us) (?:before|first)|no complaints/,
    pattern: new RegExp(
      String.raw`${BILL}\b.{0,40}\b(?:was|came to|came in|ended up)\b.{0,30}(?:\$[\d,]+|over|above|more than|higher)|` +
        String.raw`(?:over|above|more than) (?:the|our|my) ${QUOTE}|went past the ${QUOTE}|` +
        String.raw`surprised (?:on|by) the (?:invoice|bill)|bait and switch|add \$[\d,]+ to my bill|\$[\d,]+ (?:over|higher|more)|a lot more than`,
    ),
  },
  {
    id: 'fair-price',
    aspect: 'pricing',
    polarity: 'positive',
    label: 'the price was fair',
    short: 'fair price',
    opposite: 'too-expensive',
    pattern:
      /\b(?:fair|reasonable|honest|competitive|good) (?:price|pricing|quote|rate|bill|estimate)|\b(?:price|pricing|quote|rate|bill|cost|estimate)s? (?:was|were|is|are|seemed|felt) (?:very |more than |totally )?(?:fair|reasonable|competitive)|worth (?:it|every penny|the (?:money|price))|money well spent|less than (?:i|we) (?:had )?(?:braced|expected)|saved (?:us|me) (?:thousands|hundreds|money|a lot)/,
  },
  {
    id: 'clear-quote',
    aspect: 'pricing',
    polarity: 'positive',
    label: 'the quote was clear and detailed',
    short: 'clear, detailed quote',
    pattern:
      /\b(?:quote|estimate|bid)s?\b.{0,50}\b(?:clear|detailed|itemi[sz]ed|line by line|in (?:my|our) inbox)|(?:written|detailed|clear|itemi[sz]ed) (?:quote|estimate|bid)/,
  },
  {
    id: 'fee-for-nothing',
    aspect: 'pricing',
    polarity: 'negative',
    label: 'they paid a fee for a visit that fixed nothing',
    short: 'fee for no fix',
    pattern: /trip fee|service call|diagnostic|paid \$[\d,]+ for|pay twice|charged (?:me )?(?:another|again)|for nothing/,
  },
  {
    id: 'too-expensive',
    aspect: 'pricing',
    polarity: 'negative',
    label: 'the price was high for the job',
    short: 'high price',
    pattern:
      /expensive (?:than|for)|overpriced|pricey|ripoff|rip-off|rip off|too much|premium prices?|upsell\w*|felt high|a lot for|a lot of money|name on the truck|another (?:company|electrician) quoted|\$[\d,]+ to (?:swap|replace)/,
  },
  {
    id: 'no-itemised-quote',
    aspect: 'pricing',
    polarity: 'negative',
    label: 'they got no itemised price before the work',
    short: 'no itemised price',
    pattern:
      /(?:never got|no|without|wish|would'?ve liked|more) (?:an? )?(?:itemi[sz]ed|written|breakdown)|nobody explained what|until after/,
  },
  // punctuality
  {
    id: 'on-time',
    aspect: 'punctuality',
    polarity: 'positive',
    label: 'they arrived on time',
    short: 'on time',
    opposite: 'late-arrival',
    pattern: new RegExp(
      String.raw`on time|punctual\w*|prompt(?:ly)?|exactly when|right when|when (?:they|he|she) said|on the dot|\d(?::\d\d)? ?(?:am|a\.m\.)? sharp|` +
        String.raw`(?:came|showed up|arrived|was here|were here) (?:early|right at|at \d)|called (?:ahead|when (?:he|she|they) (?:was|were) on the way)`,
    ),
  },
  {
    id: 'done-as-promised',
    aspect: 'punctuality',
    polarity: 'positive',
    label: 'the job was done when they said',
    short: 'done when promised',
    pattern:
      /(?:done|finished|completed|wrapped up|installed) (?:in|within|by|ahead|before|on schedule|the same day|in one day)|(?:one|a single) (?:\(long\) )?day/,
  },
  {
    id: 'late-arrival',
    aspect: 'punctuality',
    polarity: 'negative',
    label: 'they arrived late or outside the window',
    short: 'late arrival',
    pattern:
      /late(?! (?:on|at|in|that|this|one|last|evening|afternoon|morning|night|notice|summer|winter|fall|spring))|(?:the|arrival|time|service|appointment) window|window (?:was|of)|running behind|(?:showed up|got here|arrived|came) (?:at \d|hours)|hours? (?:late|after)/,
  },
  {
    id: 'no-show',
    aspect: 'punctuality',
    polarity: 'negative',
    label: 'nobody showed up',
    short: 'no-show',
    pattern: /no(?:body| one)(?: ever)? show(?:ed)?|never showed|didn'?t (?:show|come back)|stood (?:me|us) up|nobody came/,
  },
  {
    id: 'took-longer',
    aspect: 'punctuality',
    polarity: 'negative',
    label: 'the job took longer than promised',
    short: 'took longer than promised',
    pattern:
      /took (?:over |almost |nearly |about )?(?:\w+|\d+) (?:weeks|days|hours)|instead of the|pushed back|reschedul\w*|dragged|apart|weeks? (?:from|between|later)/,
  },
  // responsiveness
  {
    id: 'came-quickly',
    aspect: 'responsiveness',
    polarity: 'positive',
    label: 'they came quickly, even on short notice',
    short: 'came quickly',
    opposite: 'long-wait',
    pattern: new RegExp(
      String.raw`same[- ]day|next (?:day|morning)|within (?:an?|the|\d+|one|two|a few) (?:hours?|days?)|fit (?:us|me) in|short notice|` +
        String.raw`right away|first thing|\b(?:on|by) (?:a )?${WEEKDAY}|came (?:out )?(?:quickly|fast|immediately)|called (?:me |us )?back (?:right away|within|quickly|the same)|emergency`,
    ),
  },
  {
    id: 'no-callback',
    aspect: 'responsiveness',
    polarity: 'negative',
    label: 'calls and messages went unanswered',
    short: 'no call back',
    pattern:
      /call(?:ed)? (?:me |us )?back|callback|voicemails?|messages?|phone tag|no (?:response|answer|reply)|calls go to|didn'?t hear back|follow(?:ed)?[- ]up/,
    // "Getting the quote took two weeks and several follow-up emails": the wait is the complaint, the chasing its cost;
    // but "booked two weeks out and then never called me back" is still about calls that went unanswered.
    unless:
      /^(?!.*\b(?:never|nobody|no one|no (?:reply|response|answer))\b).*?\b(?:took (?:over |almost |nearly |about )?\w+ (?:weeks?|days?|months?)|(?:days?|weeks?|months?) (?:out|to get))\b/,
  },
  {
    id: 'long-wait',
    aspect: 'responsiveness',
    polarity: 'negative',
    label: 'the wait for a visit or a quote was long',
    short: 'long wait',
    pattern:
      /(?:days?|weeks?) (?:out|later|to get|before|from)|took (?:over |almost |nearly )?(?:\w+|\d+) (?:weeks|days)|the wait|waiting|soonest/,
  },
  // communication
  {
    id: 'explained-everything',
    aspect: 'communication',
    polarity: 'positive',
    label: 'they explained everything',
    short: 'explained everything',
    opposite: 'nobody-told-us',
    pattern:
      /explain\w*|walked (?:me|us|my \w+) through|answered (?:all )?(?:of )?(?:my|our) questions|showed (?:me|us|my \w+) how|sketched|told (?:me|us) (?:exactly|what|why)/,
  },
  {
    id: 'kept-informed',
    aspect: 'communication',
    polarity: 'positive',
    label: 'they were kept informed',
    short: 'kept informed',
    pattern:
      /kept (?:me|us) (?:informed|updated|in the loop|posted)|got a text|texted|called (?:ahead|to let)|let (?:me|us) know|photos? of|great communication|communicat\w+ (?:was|were) (?:great|excellent|clear)/,
  },
  {
    id: 'nobody-told-us',
    aspect: 'communication',
    polarity: 'negative',
    label: 'nobody told them what was going on',
    short: 'nobody told us',
    pattern:
      /no(?:body| one) (?:told|warned|said|explained|called|mentioned)|had to (?:chase|call|follow up|dig)|no call|zero communication|(?:never|didn'?t) (?:told|tell|call|hear)|without (?:a )?(?:call|word)|communication/,
  },
  // professionalism
  {
    id: 'courteous',
    aspect: 'professionalism',
    polarity: 'positive',
    label: 'the electricians were courteous and respectful',
    short: 'courteous and respectful',
    opposite: 'rude',
    pattern:
      /\b(?:polite|courteous|respectful|friendly|kind(?! of)|patient|nice(?! (?:work|job|install\w*|price|and (?:clean|neat)))|lovely|pleasant|calm|honest (?:people|company|crew|guys?|folks))\b/,
  },
  {
    id: 'professional',
    aspect: 'professionalism',
    polarity: 'positive',
    label: 'the crew was professional',
    short: 'professional',
    pattern: /professional\w*|recommend\w*/,
  },
  {
    id: 'rude',
    aspect: 'professionalism',
    polarity: 'negative',
    label: 'staff were rude or dismissive',
    short: 'rude or dismissive',
    pattern: /rude|short with|irritated|sighing|dismissive|brushed off|condescending|not our problem|must have mixed up|call someone else/,
  },
  {
    id: 'did-not-make-it-right',
    aspect: 'professionalism',
    polarity: 'negative',
    label: 'the company did not make it right',
    short: "didn't make it right",
    pattern: /guarantee|nobody came back|unprofessional|(?:wanted|want) to charge|look into it|not a great look|won'?t (?:be back|use)/,
  },
  // workmanship
  {
    id: 'neat-work',
    aspect: 'workmanship',
    polarity: 'positive',
    label: 'the work was neat and careful',
    short: 'neat work',
    opposite: 'came-back-to-fix',
    pattern:
      /\b(?:neat|neatly|tidy|labell?ed|textbook|beautiful|flawless|quality|clean (?:install|work|job|conduit|run)|looks? (?:great|amazing|fantastic|professional|good)|great (?:job|work))\b/,
  },
  {
    id: 'passed-inspection',
    aspect: 'workmanship',
    polarity: 'positive',
    label: 'the work passed inspection the first time',
    short: 'passed inspection',
    opposite: 'failed-inspection',
    pattern: /passed\b|no corrections|first (?:try|time)/,
  },
  {
    id: 'works-well',
    aspect: 'workmanship',
    polarity: 'positive',
    label: 'everything works as it should',
    short: 'works as it should',
    pattern:
      /(?:works|worked|working|runs|running) (?:great|perfectly|fine|well|like a charm|flawlessly|again|now)|no (?:more )?(?:flicker\w*|tripp\w*)|haven'?t had (?:a|any|one)|barely noticed|(?:it|generator) (?:just )?took over|not (?:a|one) (?:single )?(?:flicker|trip)/,
  },
  {
    id: 'failed-inspection',
    aspect: 'workmanship',
    polarity: 'negative',
    label: 'the work failed inspection',
    short: 'failed inspection',
    pattern: /failed (?:the )?(?:\w+[- ]?\w* )?inspection|inspection failed|code violations?/,
  },
  {
    id: 'came-back-to-fix',
    aspect: 'workmanship',
    polarity: 'negative',
    label: 'they had to come back to fix it',
    short: 'had to come back',
    pattern:
      /come back|came back|again|off the line|visits?|wrong (?:breaker|part|model)|stopped working|started flickering|never connected|hole/,
  },
  // technical knowledge
  {
    id: 'found-the-problem',
    aspect: 'technical_knowledge',
    polarity: 'positive',
    label: 'the electrician found the real problem',
    short: 'found the problem',
    opposite: 'missed-the-problem',
    pattern: /\b(?:found|traced|diagnosed|figured out|pinpointed|tracked down|spotted|caught|identified)\b/,
  },
  {
    id: 'knows-the-trade',
    aspect: 'technical_knowledge',
    polarity: 'positive',
    label: 'the electrician knew exactly what to do',
    short: 'knew what to do',
    pattern:
      /(?:he|she|they|electrician|tech|technician) (?:clearly |really )?knew|knowledgeable|expert\w*|load calculation|knows? (?:his|her|their) stuff|experience shows/,
  },
  {
    id: 'missed-the-problem',
    aspect: 'technical_knowledge',
    polarity: 'negative',
    label: 'a paid visit did not find the fault',
    short: "didn't find the fault",
    pattern:
      /(?:couldn'?t|didn'?t|never|failed to) (?:find|figure|fix|diagnose)|tell me|probably my|wrong (?:breaker|part)|not our problem/,
  },
  // cleanliness
  {
    id: 'left-it-clean',
    aspect: 'cleanliness',
    polarity: 'positive',
    label: 'they left the place clean',
    short: 'left it clean',
    opposite: 'left-a-mess',
    pattern:
      /spotless|clean(?:ed|ing)? up|cleaner than|shoe covers|drop cloths?|vacuum\w*|swept|wiped|tidied|tidy|(?:left|kept) (?:\w+ ){0,3}clean|clean (?:and|as)|(?:neat|tidy) and clean|no mess|without (?:a |any )?mess|never know they were|picked up/,
  },
  {
    id: 'left-a-mess',
    aspect: 'cleanliness',
    polarity: 'negative',
    label: 'they left a mess behind',
    short: 'left a mess',
    pattern: /\b(?:mess|dust|debris|mud|clippings|disaster|tracked|packaging|lumpy|cleaning)\b/,
  },
  // safety
  {
    id: 'refused-unsafe-work',
    aspect: 'safety',
    polarity: 'positive',
    label: 'they refused unsafe or unpermitted work',
    short: 'refused unsafe work',
    pattern: /refus\w+|won'?t do|wouldn'?t (?:do|install)|not (?:ul|etl)[- ]listed|weren'?t ul listed|new wire and a permit/,
  },
  {
    id: 'fixed-a-hazard',
    aspect: 'safety',
    polarity: 'positive',
    label: 'they found and fixed a hazard',
    short: 'fixed a hazard',
    pattern: /hazard|fire|danger\w*|unsafe|scorch\w*|melt\w*|burn\w*|brown|smok\w*|spark\w*|shock|sleep better|safe\w*/,
  },
  {
    id: 'pulled-permit',
    aspect: 'safety',
    polarity: 'positive',
    label: 'the work was permitted and to code',
    short: 'permit and code',
    pattern: /permit|to code|up to code|inspection|grounded|ground(?:ing)?\b/,
  },
  {
    id: 'left-a-hazard',
    aspect: 'safety',
    polarity: 'negative',
    label: 'something was left unsafe',
    short: 'left something unsafe',
    pattern: /unsafe|danger\w*|hazard|shock|spark\w*|exposed|ground\w*|fire|dog found/,
  },
];

export const REASON_CUES: readonly ReasonCue[] = CUES.map((c) => ({ ...c, pattern: whole(c.pattern) }));
