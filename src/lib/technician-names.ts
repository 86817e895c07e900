/**
 * Whether a roster name found in a review is used as that person's name.
 * Most names are only names; a few are everyday words too ("Will definitely
 * call again", "a grant from the city", "matt black pendants", "a TED talk"),
 * and any name can belong to someone else ("my husband Will", "Rosa Parks
 * Elementary"). The rules read the words around the match and its case; they
 * are the reading of docs/insights.md, "Technicians".
 */

/** Given names that are also English words: matched as names only where the sentence uses them so. */
const EVERYDAY_WORDS = new Set(
  (
    'will grant matt ted teddy dee mark bill pat sue art frank joy hope grace dawn june may april rich chase hunter carter mason dale ' +
    'cliff jack chip bud buck gene sky summer drew rob max penny ray wade miles lance guy al jean val don sandy rusty holly ginger ' +
    'olive ivy amber jade brook rocky dusty faith rose rosie bob sterling destiny'
  ).split(' '),
);
/** Words that, right before a name, make it someone else's ("my husband Will"). */
const SOMEONE_ELSE =
  /(?:^|\s)(?:my|our|her|his)\s+(?:husband|wife|son|daughter|brother|sister|dad|father|mom|mum|mother|grandmother|grandfather|grandma|grandpa|granny|neighbou?r|friend|partner|boyfriend|girlfriend|uncle|aunt|cousin|nephew|grandson|roommate|landlord|tenant)\s*$/;
/** After a sentence-initial "Will", a name is followed by what the person did; the modal by a verb's base form. */
const AFTER_NAME =
  /^(?:was|is|and|,|'s|’s|did|does|has|had|came|comes|showed|got|knew|knows|took|made|went|found|put|ran|saw|said|says|told|gave|left|kept|brought|explained|fixed|installed|replaced|wired|arrived|walked|answered|called|quoted|from|at|&|himself|herself|\(|cut|set|hung|spent|sent|built|led|dug|fit|lit|caught|taught|thought|understood|wrote|drove|spoke|stood|swore|tore|brought|bought|began|[\p{L}]+ed)\b|^[&+]/u;
/** Words before a lower-case everyday-word name that make it a person. */
const PERSON_BEFORE =
  /(?:^|\s)(?:tech|technician|electrician|guy|gal|lady|man|named|with|for|thanks|thank you|thx|ty|to|by|asked for|requested|shoutout to|shout out to)\s*$/;
/** Words after "matt" that make it a finish, after "ted"/"bud" a thing. */
const THING_AFTER = /^\s*(?:black|white|gr[ae]y|finish|paint|brass|bronze|gold|nickel|talk|light|lite|bear)\b/;

/**
 * Whether a name that is also a word opens its sentence and is not followed by
 * what a person did or is ("Sandy soil out here eats ground rods", not "Sandy
 * called twice"): the stricter reading for a name with no roster context.
 */
export function isWordOpeningSentence(text: string, start: number, end: number): boolean {
  return (
    EVERYDAY_WORDS.has(text.slice(start, end).toLowerCase()) &&
    isSentenceStart(text, start) &&
    !AFTER_NAME.test(
      text
        .slice(end, end + 40)
        .replace(/^\s+/, '')
        .toLowerCase(),
    )
  );
}

/** Whether the words right before a name give it to someone else ("my husband Will", "our neighbor Marcus"). */
export function namesSomeoneElse(text: string, start: number): boolean {
  return SOMEONE_ELSE.test(text.slice(Math.max(0, start - 40), start).toLowerCase());
}

export function isTechnicianMention(text: string, start: number, end: number, specific: boolean): boolean {
  if (specific) return true;
  const written = text.slice(start, end);
  const before = text.slice(Math.max(0, start - 40), start).toLowerCase();
  const after = text.slice(end, end + 40);
  if (SOMEONE_ELSE.test(before)) return false;
  // "Rosa Parks", "Chris Evans": another person's full name, unless the next word is an initial ("Chris D.").
  const next = /^ ([\p{Lu}][\p{Ll}]+)/u.exec(after);
  if (next && !isSentenceStart(text, end + 1) && !/^[\p{Lu}]\.?$/u.test(next[1]!) && !COMMON_CAPITALISED.has(next[1]!.toLowerCase()))
    return false;
  const lower = written.toLowerCase();
  if (!EVERYDAY_WORDS.has(lower)) return true;
  if (THING_AFTER.test(after.toLowerCase())) return false;
  const capitalised = /^\p{Lu}/u.test(written);
  const shouting = written === written.toUpperCase() && written.length > 1;
  const reviewHasCapitals = /\p{Lu}/u.test(text.replace(/^\s*\S/u, ''));
  if (shouting && !isShoutingText(text)) return false; // "a TED talk"
  if (!capitalised && reviewHasCapitals) return false; // "against my will", "a grant"
  const afterWord = after.replace(/^\s+/, '');
  if (capitalised && !isSentenceStart(text, start)) {
    // "I Will be back" in title case is rare; a capitalised word mid-sentence is a name.
    return true;
  }
  if (
    lower === 'will' ||
    lower === 'may' ||
    lower === 'grant' ||
    lower === 'don' ||
    lower === 'rob' ||
    lower === 'bill' ||
    lower === 'mark'
  ) {
    if (AFTER_NAME.test(afterWord.toLowerCase())) return true;
    return !isSentenceStart(text, start) && PERSON_BEFORE.test(before);
  }
  return capitalised || PERSON_BEFORE.test(before) || AFTER_NAME.test(afterWord.toLowerCase());
}

/** Capitalised words that may follow a name without making it someone else's ("Matt And Dee", "Will I", days of the week). */
const COMMON_CAPITALISED = new Set([
  'and',
  'i',
  'was',
  'is',
  'the',
  'did',
  'came',
  'thanks',
  'thank',
  'great',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
]);

function isSentenceStart(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '"' || c === '“' || c === '(' || c === '*' || c === '-') continue;
    return c === '.' || c === '!' || c === '?' || c === '\n' || c === ':';
  }
  return true;
}

function isShoutingText(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length > 0 && letters.replace(/\p{Lu}/gu, '').length / letters.length < 0.2;
}

/**
 * Whether a name and a bare letter read as a name and an initial ("Chris L",
 * "matt b"): always, unless the letter is also a word ("a", "I") written in
 * another case than the name, as in "Thanks Chris a lot".
 */
export function initialReadsAsName(text: string, start: number, end: number): boolean {
  const written = text.slice(start, end);
  const letter = /\s(\p{L})$/u.exec(written)?.[1];
  if (letter === undefined || !/^[ai]$/i.test(letter)) return true;
  return /^\p{Lu}/u.test(written) === /\p{Lu}/u.test(letter);
}
