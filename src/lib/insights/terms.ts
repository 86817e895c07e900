import type { Token } from './tokenize.ts';

/**
 * Candidate topic terms of one review: content words and two-word phrases,
 * lightly singularised ("outlets" → "outlet"). Opinion words and names are
 * left out by the caller's `exclude`, so topics are about things, not feelings.
 */
const STOPWORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below between both but by " +
    "can could did do does doing done down during each even ever every few for from further get got had has have having he her " +
    "here hers him his how i i'd i'll i'm i've if in into is it it's its itself just let like made make me more most much my " +
    "need needed new no nor not now of off on once one only or other our ours out over own really same she should so some " +
    "still such than that that's the their them then there these they they're this those through to too two under until up " +
    "us very was we we're we've were what when where which while who whom why will with would you your yours " +
    "came come back went go going took take put called call said told asked thing things lot way day days time times week " +
    "weeks year years home house us guy guys company team job work electrician electricians electric harbor pine " +
    "everything anything something nothing someone anyone everyone whole first last next another else again since ago " +
    "didn't don't wasn't won't can't couldn't isn't aren't weren't haven't hasn't wouldn't doesn't three four five " +
    "replaced replace installed install fixed fix found find added ran run checked needed wanted used use left since told gave give put made make knew know looked look seemed felt think thought says said hour hours minutes today yesterday"
  ).split(' '),
);

export function extractTerms(tokens: readonly Token[], exclude: ReadonlySet<string>): string[] {
  const terms = new Set<string>();
  let previous: string | null = null;
  for (const token of tokens) {
    const word = token.kind === 'word' ? singular(token.norm) : null;
    const content = word !== null && word.length > 2 && !/\d/.test(word) && !STOPWORDS.has(word) && !exclude.has(word);
    if (content) {
      terms.add(word);
      if (previous !== null) terms.add(`${previous} ${word}`);
      previous = word;
    } else previous = null;
  }
  return [...terms];
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) {
    return word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.slice(0, -1);
  }
  return word;
}
