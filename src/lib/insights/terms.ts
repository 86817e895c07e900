import { tokenize, type Token } from './tokenize.ts';

/*
 * Candidate topic terms of one review: runs of content words cut into one-,
 * two- and three-word phrases ("ev charger", "kept tripping"), two-word ones
 * also over one word between ("failed the city inspection" is a "failed
 * inspection"). Each phrase is keyed by crude stems, so "breakers tripped"
 * and "breaker tripping" count as one phrase, and remembers how it was
 * written, for labels. Stopwords and generic words of any review are left
 * out here; opinion words and names by the caller's `exclude`, so topics are
 * about things, not feelings.
 */

/**
 * Words too general to be a theme on their own that still make one with a
 * neighbour. Modifiers only open a phrase ("kept tripping", "same day", "hot
 * tub"), heads only close one ("emergency line", "junction box"), the rest go
 * anywhere ("lost power", "power outage").
 */
const WEAK_MODIFIERS = new Set(
  'kept lost same final original load main hot dead loose open closed second front back side next electrical outside inside upstairs downstairs living whole'.split(
    ' ',
  ),
);
const WEAK_HEADS = new Set(
  'day days night line box wall walls cover amp amps call calls install installs installation repair repairs'.split(' '),
);
const WEAK_ANYWHERE = new Set('power wire wires wiring'.split(' '));
const WEAK = new Set([...WEAK_MODIFIERS, ...WEAK_HEADS, ...WEAK_ANYWHERE]);

const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each even ever every few for from further get got had has have having he her ' +
    "here hers him his how i i'd i'll i'm i've if in into is it it's its itself just let like made make me more most much my " +
    'need needed new no nor not now of off on once one only or other our ours out over own really same she should so some ' +
    "still such than that that's the their them then there these they they're this those through to too two under until up " +
    "us very was we we're we've were what when where which while who whom why will with would you your yours " +
    'came come back went go going took take put called call said told asked thing things lot way day days time times week ' +
    'weeks year years home house us guy guys company team job work electrician electricians electric ' +
    'everything anything something nothing someone anyone everyone whole first last next another else again since ago ' +
    "didn't don't wasn't won't can't couldn't isn't aren't weren't haven't hasn't wouldn't doesn't three four five " +
    'found find added ran run checked needed wanted used use left since told gave give made make knew know looked look seemed felt think thought says said hour hours minutes today yesterday ' +
    // Generic words of any review, which would glue unrelated themes together.
    "star stars review reviews person people folks crew tech techs technician technicians guy gal man woman lady sir ma'am " +
    'service services business owner owners office phone kid kids wife husband mom dad son daughter family neighbor neighbors ' +
    'place room part piece bit little big small lot lots kind sort type stuff quite pretty super definitely absolutely highly ' +
    'always never ever around sure right left whole half full extra able sure got getting ' +
    // Narrative words: how a story is told, not what it is about.
    'explained explain started start starting showed show swapped swap walked walk twice instead actually exactly finished finish ' +
    'end ended noticed notice nobody single visit along bought finally plus waiting wait waited feel felt hire hired set already enough ' +
    'honestly touch turned turn help helped himself herself themselves knock knocked later tell plan planned well window couple moved ' +
    'move cut answered answer questions question coordinated handled month months follow followed minute stopped keep keeps ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october ' +
    'november december spring summer fall winter weekend morning afternoon evening tonight tomorrow earlier recently soon quickly ' +
    'literally basically probably maybe almost least less many several few both either neither per via else everywhere anywhere ' +
    'thanks thank appreciated hope hoped wish wished able unable try tried trying sent send showed showing arrived arrive came ' +
    'drop dropped dropping door doors old brand within without behind expect expected calm label labeled labelled photo photos pictures picture six seven eight nine ten twelve ' +
    'communication quality experience recommendation recommendations installer installers ' +
    'fix fixed fixing replace replaced replacing installed installing put charge charged called ' +
    'asked ask brought bring kept working worked works seem seems seemed anyway though although however yet whether'
  )
    .split(' ')
    .filter((w) => !WEAK.has(w)),
);

/** Between two content words these do not break a phrase: "failed the inspection" is "failed inspection". */
const SKIPPABLE = new Set(['the', 'a', 'an', 'our', 'my', 'their', 'his', 'her', 'its', 'your']);

/** Unique phrase keys of one review with the spelling of their first occurrence, in parallel arrays. */
export interface ReviewTerms {
  keys: string[];
  surfaces: string[];
}

const EMPTY: ReviewTerms = { keys: [], surfaces: [] };

export function extractTerms(text: string, tokens: readonly Token[], exclude: ReadonlySet<string>): ReviewTerms {
  const keys: string[] = [];
  const surfaces: string[] = [];
  const seen = new Set<string>();
  const add = (key: string, surface: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    keys.push(key);
    surfaces.push(surface);
  };
  // The last two content words of the current run, for two- and three-word phrases.
  let stem1: string | null = null;
  let stem2: string | null = null;
  let word1 = '';
  let word2 = '';
  let opens1 = false;
  let opens2 = false;
  let skipped = false;
  let sentenceStart = true;
  for (const token of tokens) {
    if (token.kind !== 'word') {
      stem1 = stem2 = null;
      skipped = false;
      sentenceStart = token.kind === 'stop';
      continue;
    }
    const atStart = sentenceStart;
    sentenceStart = false;
    const stem = contentStem(token, text, exclude);
    if (stem === null) {
      if (stem1 !== null && !skipped && SKIPPABLE.has(token.norm)) {
        skipped = true;
        continue;
      }
      stem1 = stem2 = null;
      skipped = false;
      continue;
    }
    skipped = false;
    const word = spellingOf(token, text, atStart);
    const role = WEAK_ROLE.get(stem);
    if (role === undefined) add(stem, word);
    // A phrase opens with anything but a head word and closes with anything but a modifier.
    if (role !== 'modifier') {
      if (stem1 !== null && opens1) add(`${stem1} ${stem}`, `${word1} ${word}`);
      if (stem2 !== null && opens2) {
        add(`${stem2} ${stem1} ${stem}`, `${word2} ${word1} ${word}`);
        // Over one word too: "failed the city inspection" is also a "failed inspection".
        add(`${stem2} ${stem}`, `${word2} ${word}`);
      }
    }
    stem2 = stem1;
    word2 = word1;
    opens2 = opens1;
    stem1 = stem;
    word1 = word;
    opens1 = role !== 'head';
  }
  return keys.length === 0 ? EMPTY : { keys, surfaces };
}

/** The phrase key of a lexicon phrase ("smoke detectors" → "smok detector"), or null when a word of it cannot be in a topic. */
export function termKeyOf(phrase: string, exclude: ReadonlySet<string> = new Set()): string | null {
  const stems: string[] = [];
  for (const token of tokenize(phrase)) {
    if (token.kind !== 'word') return null;
    const s = contentStem(token, phrase, exclude);
    if (s === null) return null;
    stems.push(s);
  }
  return stems.length === 0 ? null : stems.join(' ');
}

/** The stem of a word that can be part of a topic, or null. */
function contentStem(token: Token, text: string, exclude: ReadonlySet<string>): string | null {
  const norm = token.norm;
  if (norm.length < 2 || STOPWORDS.has(norm) || exclude.has(norm)) return null;
  // Two letters only as an acronym: "EV", "CO".
  if (norm.length === 2 && !/^\p{Lu}{2}$/u.test(text.slice(token.start, token.end))) return null;
  if (/\d/.test(norm)) return null;
  const s = stem(norm);
  if (STOPWORDS.has(s) || exclude.has(s) || STOP_STEMS.has(s)) return null;
  return s;
}

/** Lower case, except acronyms and names written with capitals mid-sentence ("EV", "Generac"). */
function spellingOf(token: Token, text: string, atStart: boolean): string {
  const raw = text.slice(token.start, token.end).replace(/’/g, "'");
  if (/^\p{Lu}{2,}s?$/u.test(raw)) return raw;
  if (!atStart && /\p{Lu}/u.test(raw) && raw !== raw.toUpperCase()) return raw;
  return token.norm;
}

/**
 * A crude suffix stripper, enough to let "trips", "tripped" and "tripping",
 * or "wire", "wires" and "wiring", meet. Stems are keys, never shown.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is|'s)$/.test(w)) w = w.slice(0, -1);
  else if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.length >= 6 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (w.length >= 5 && w.endsWith('ed') && !w.endsWith('eed')) w = undouble(w.slice(0, -2));
  if (w.length > 3 && w.endsWith('e') && !w.endsWith('ee')) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  const last = w[w.length - 1];
  return w.length > 3 && last === w[w.length - 2] && !/[lsz]/.test(last!) ? w.slice(0, -1) : w;
}

/** Stopwords by stem too, so "replacing" is as generic as "replaced". */
const STOP_STEMS = new Set([...STOPWORDS].filter((w) => !WEAK.has(w)).map(stem));
const WEAK_ROLE = new Map<string, 'modifier' | 'head' | 'anywhere'>([
  ...[...WEAK_MODIFIERS].map((w) => [stem(w), 'modifier'] as const),
  ...[...WEAK_HEADS].map((w) => [stem(w), 'head'] as const),
  ...[...WEAK_ANYWHERE].map((w) => [stem(w), 'anywhere'] as const),
]);
