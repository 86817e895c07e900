/**
 * Words that change the opinion words near them rather than carry one.
 * All keys are folded tokens (lower case, `'` apostrophes) or `_`-joined phrases.
 */

/** Flip the polarity of an opinion word within NEGATION_WINDOW tokens after them. */
export const NEGATORS: ReadonlySet<string> = new Set(
  (
    'not no never nothing nobody none neither nor without hardly barely zero lack lacked lacking ' +
    "isn't wasn't aren't weren't don't doesn't didn't won't wouldn't can't cannot couldn't shouldn't " +
    "haven't hasn't hadn't ain't isnt wasnt dont doesnt didnt wont wouldnt cant couldnt havent hasnt instead_of rather_than"
  ).split(' '),
);
/** VADER looks three tokens back; a comma or clause end closes the scope earlier. */
export const NEGATION_WINDOW = 4;

/** Intensifiers: multiply the next opinion word (within two tokens). */
export const BOOSTERS: ReadonlyMap<string, number> = new Map([
  ...words('very really extremely super so incredibly absolutely truly highly totally completely', 1.3),
  ...words('exceptionally remarkably amazingly especially particularly genuinely thoroughly utterly', 1.3),
  ...words('insanely ridiculously unbelievably seriously way too most', 1.3),
  ...words('extra_careful', 1),
]);

/** Hedges and downtoners: halve the next opinion word (within two tokens). */
export const HEDGES: ReadonlyMap<string, number> = new Map([
  ...words('slightly somewhat fairly rather mostly relatively marginally kinda sorta maybe perhaps', 0.5),
  ...words('a_bit a_little a_tad kind_of sort_of little_bit bit', 0.5),
]);
export const MODIFIER_WINDOW = 2;

/**
 * Counterfactuals turn praise into a complaint about what did not happen:
 * "I wish they had cleaned up", "should have called first".
 */
export const COUNTERFACTUALS: ReadonlySet<string> = new Set(
  words(
    "wish wished should_have should've would_have_been_nice would've_been_nice would_have_liked would've_liked would_have_appreciated would've_appreciated " +
      "would_have_been_five_stars would've_been_five_stars would_have_been_5_stars would've_been_5_stars would_have_been_a_5 would've_been_a_5 would_have_made_it would_have_made_this would've_made_it would've_made_this",
    0,
  ).map(([w]) => w),
);

/**
 * Possibilities that did not happen: a fault word after them is no complaint
 * ("could have started a fire", "could have sold me a $4k job").
 */
export const UNREALISED: ReadonlySet<string> = new Set(words("could_have could've might_have might've", 0).map(([w]) => w));

/**
 * Verbs of repair: a fault word right after one ("fixed the broken outlet",
 * "found the problem") describes what was solved, so it is not a complaint.
 */
export const REPAIR_VERBS: ReadonlySet<string> = new Set(
  (
    'fix fixed fixes fixing solve solved resolve resolved repair repaired replace replaced found find ' +
    'diagnose diagnosed traced tracked identified pinpointed spotted caught addressed corrected ' +
    'figured eliminated removed explained'
  ).split(' '),
);
export const REPAIR_WINDOW = 4;

function words(list: string, value: number): [string, number][] {
  return list.split(' ').map((w) => [w.replace(/_/g, ' '), value]);
}
