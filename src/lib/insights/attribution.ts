import type { Token } from './tokenize.ts';

/**
 * Only what the customer says of this business counts (docs/insights.md,
 * "Attribution"). This marks the tokens that speak of someone or something
 * else, so no aspect is read from them:
 *
 * - another party as the subject of a clause: another trade or contractor
 *   ("the deck guy was two days late"), a previous or other electrician, the
 *   city, the utility, an inspector, a landlord, a family member;
 * - the customer's own account of the problem: the house's old things as a
 *   subject ("The old fixtures were … nearly impossible to reach"), the
 *   customer's own attempts ("I tried", "I'd already flipped every breaker");
 * - idioms that only look like a verdict ("swore I'd never do that again",
 *   "I don't know how these guys do it").
 *
 * A mark runs from where the other subject starts to the end of its clause.
 */

/** Words that make a noun phrase someone other than this business. */
const OTHER_MARKERS = new Set(
  (
    'deck hvac plumber plumbers plumbing roofer roofing drywall drywaller painter painters builder builders framer gc ' +
    'inspector inspectors city county utility pse landlord realtor seller sellers flipper flippers previous prior last other former another ' +
    'husband wife son daughter dad father mom mother neighbor neighbour neighbors neighbours insurance insurer handyman handymen ' +
    'cabinet countertop tile flooring solar pool fence appliance furnace power gas cable phone'
  ).split(' '),
);
/** Heads of a noun phrase that is a party: a person, a firm, a trade. */
const PARTY_HEADS = new Set(
  (
    'guy guys man men person people company companies electrician electricians crew crews builder builders inspector inspectors contractor ' +
    'contractors plumber roofer installer installers team outfit firm handyman husband wife son daughter dad father mom mother neighbor ' +
    'neighbour landlord realtor seller owner owners city county utility pse insurer gc folks tech techs technician technicians one ones sparky'
  ).split(' '),
);
/** Words opening a noun phrase. */
const DETERMINERS = new Set(['the', 'our', 'my', 'a', 'an', 'another', 'his', 'her', 'that', 'this', 'their']);
/** The house's old things: "the old fixtures", "our original panel". */
const OLD = new Set(['old', 'original', 'existing', 'ancient', 'outdated', 'previous']);
/** Verbs after a noun phrase that make it the subject of its clause. */
const SUBJECT_VERBS = new Set(
  (
    "was were is are had has did didn't wasn't weren't said told quoted charged wanted showed came left never could couldn't would " +
    "wouldn't tried kept refused claimed insisted gave took put ran installed wired missed botched ghosted would've should've"
  ).split(' '),
);
/** The customer's own attempts, after "I" or "we". */
const OWN_ATTEMPTS = new Set(
  'tried spent attempted reset flipped swore googled watched bought ordered replaced installed wired finished figured thought assumed'.split(
    ' ',
  ),
);
/** Those who judge the finished work, and the verbs of their verdicts. */
const INSPECTORS = new Set(['inspector', 'inspectors', 'city', 'county']);
const VERDICT_VERBS = new Set(['said', 'told', 'had', 'gave', 'was', 'passed', 'called']);
/** Words before a noun phrase that make it this business's comparison or finding, not another party's clause. */
const REPORTED_BY_THEM = new Set(
  'than like that which out found caught spotted noticed discovered saw realised realized showed explained told fixed replaced corrected'.split(
    ' ',
  ),
);
/** Words that end a noun phrase before its head: "the old light fitting and left …" has no subject. */
const NOT_IN_A_NOUN_PHRASE = new Set(['and', 'or', 'but', 'with', 'to', 'of', 'in', 'on', 'for', 'that', 'which', 'who', 'at', 'by']);
/** Words that start a new clause, ending a mark. */
const CLAUSE_WORDS = new Set(['but', 'so', 'because', 'until', 'then', 'while', 'whereas', 'although', 'though', 'however']);
/** A new subject after "and" that is this business ends a mark: "…, and they fixed it". */
const BUSINESS_SUBJECTS = new Set(['they', 'he', 'she', 'we']);

/** Idioms as token sequences (normalised words), marked to the end of their clause. */
const IDIOMS: readonly (readonly string[])[] = [
  ['swore', "i'd", 'never'],
  ['swore', 'i', 'would', 'never'],
  ['swore', "we'd", 'never'],
  ['swore', 'we', 'would', 'never'],
  ["don't", 'know', 'how', 'these', 'guys', 'do', 'it'],
  ["don't", 'know', 'how', 'they', 'do', 'it'],
  ['dont', 'know', 'how', 'these', 'guys', 'do', 'it'],
  ["don't", 'know', 'how', 'you', 'guys', 'do', 'it'],
];

/** 1 for every token that speaks of another party, the customer's own account or an idiom. */
export function otherPartyMask(tokens: readonly Token[]): Uint8Array {
  const mask = new Uint8Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    if (mask[i] || tokens[i]!.kind !== 'word') continue;
    const start = idiomAt(tokens, i) ?? otherSubjectAt(tokens, i) ?? ownAttemptAt(tokens, i);
    if (start === null) continue;
    let end = i;
    while (end < tokens.length && !endsClause(tokens, end, i)) end++;
    mask.fill(1, i, end);
    i = end;
  }
  return mask;
}

/** Whether more than half of the word tokens in [from, to) are marked. */
export function mostlyMasked(mask: Uint8Array, tokens: readonly Token[], from: number, to: number): boolean {
  let words = 0;
  let marked = 0;
  for (let t = from; t < to; t++) {
    if (tokens[t]!.kind !== 'word') continue;
    words++;
    marked += mask[t]!;
  }
  return words > 0 && marked * 2 > words;
}

function idiomAt(tokens: readonly Token[], i: number): number | null {
  for (const idiom of IDIOMS) {
    let k = 0;
    while (k < idiom.length && tokens[i + k]?.norm === idiom[k]) k++;
    if (k === idiom.length) return i;
  }
  return null;
}

/** A noun phrase naming another party, followed by its verb: "the deck guy was", "our last electrician never". */
function otherSubjectAt(tokens: readonly Token[], i: number): number | null {
  // Without a determiner at a clause's start: "Other guys would've just done it", "Previous owners had …".
  if (BARE_OTHER.has(tokens[i]!.norm) && startsClause(tokens, i)) {
    const head = tokens[i + 1];
    const verb = tokens[i + 2];
    if (
      head?.kind === 'word' &&
      PARTY_HEADS.has(head.norm) &&
      verb?.kind === 'word' &&
      (SUBJECT_VERBS.has(verb.norm) || verb.norm.endsWith("'ve"))
    )
      return i;
  }
  if (!DETERMINERS.has(tokens[i]!.norm)) return null;
  // A comparison is about this business ("cheaper than the other company"), and so is what it found ("caught that the previous contractor had …").
  if (REPORTED_BY_THEM.has(tokens[i - 1]?.norm ?? '')) return null;
  let other = false;
  let old = false;
  for (let k = i + 1; k < Math.min(tokens.length, i + 5); k++) {
    const token = tokens[k]!;
    // A second determiner starts another noun phrase, read from there ("the price [the other company wanted]").
    if (token.kind !== 'word' || NOT_IN_A_NOUN_PHRASE.has(token.norm) || DETERMINERS.has(token.norm)) return null;
    if (OTHER_MARKERS.has(token.norm)) other = true;
    if (OLD.has(token.norm)) old = true;
    const next = tokens[k + 1];
    if (next?.kind === 'word' && SUBJECT_VERBS.has(next.norm)) {
      // An inspector's verdict is on this business's work ("the inspector said it was one of the neatest jobs").
      if (INSPECTORS.has(token.norm) && VERDICT_VERBS.has(next.norm)) return null;
      if (other && PARTY_HEADS.has(token.norm)) return i;
      // The house's old things as the subject: the customer's account of the problem.
      if (old && !PARTY_HEADS.has(token.norm) && tokens[i]!.norm !== 'a') return i;
      return null;
    }
  }
  return null;
}

/** Words that name another party without a determiner when they open a clause. */
const BARE_OTHER = new Set(['other', 'previous', 'prior', 'former', 'last']);

function startsClause(tokens: readonly Token[], i: number): boolean {
  const before = tokens[i - 1];
  return before === undefined || before.kind !== 'word' || CLAUSE_WORDS.has(before.norm) || before.norm === 'and' || before.norm === 'when';
}

function ownAttemptAt(tokens: readonly Token[], i: number): number | null {
  const norm = tokens[i]!.norm;
  if (norm !== 'i' && norm !== "i'd" && norm !== 'we' && norm !== "we'd") return null;
  let k = i + 1;
  if (tokens[k]?.norm === 'had' || tokens[k]?.norm === 'already' || tokens[k]?.norm === 'even') k++;
  if (tokens[k]?.norm === 'already') k++;
  return tokens[k] && OWN_ATTEMPTS.has(tokens[k]!.norm) ? i : null;
}

function endsClause(tokens: readonly Token[], t: number, start: number): boolean {
  const token = tokens[t]!;
  if (token.kind === 'stop') return true;
  if (token.kind === 'pause') return t > start;
  if (t === start) return false;
  if (CLAUSE_WORDS.has(token.norm)) return true;
  // A new subject that is this business: "when the builder wanted … he explained".
  if (t > start + 2 && BUSINESS_SUBJECTS.has(token.norm) && token.norm !== 'we') return true;
  return token.norm === 'and' && BUSINESS_SUBJECTS.has(tokens[t + 1]?.norm ?? '');
}
