import { createPosting, type Posting } from './posting.ts';
import { isAscii } from '../text.ts';
import { FREQUENT_TEXTS, PAIR_LOOKUPS_MAX, PAIR_NARROWING_FACTOR, PIECE_MAX } from './tuning.ts';

/**
 * Substring search over the normalised review texts without reading them
 * all. A query made of word characters only (letters, marks, digits) can only
 * occur inside one word of a text, so the reviews containing it are exactly
 * those holding a vocabulary word that contains it: the vocabulary is small,
 * and indexed by its 1- to 3-character pieces. A query with spaces or
 * punctuation narrows the same way word by word (a word followed by a space
 * in the query must end a word of the text, and so on); those candidates are
 * then checked against the text by the caller, except those a pair index
 * vouches for (see `pairs`).
 */
export interface TextIndex {
  /** Vocabulary: every distinct word of the texts. */
  readonly words: readonly string[];
  readonly wordIds: ReadonlyMap<string, number>;
  /** word id → positions of the texts holding it */
  readonly postings: readonly Posting[];
  /** 1- to 3-character piece → ids of the words containing it, ascending */
  readonly pieces: ReadonlyMap<string, Int32Array>;
  /**
   * Every pair of adjacent frequent words with the exact text between them
   * (`pairKey`) → positions of the texts holding it. A phrase of common words
   * ("thank you") would otherwise send the caller to read thousands of texts;
   * a phrase with a rare word has few candidates, so rare words stay out and
   * the index stays small. The pair index is internal to this file: built
   * by `pairPostings`, read (with `frequent`) only by `matchText`.
   */
  readonly pairs: ReadonlyMap<string, Posting>;
  /** word id → whether its pairs are in `pairs` */
  readonly frequent: Uint8Array;
  /**
   * The vocabulary words containing each vocabulary word (itself included), as
   * one list: those of word `id` are `containing[containingStart[id]..containingStart[id + 1])`.
   * A query word is usually a whole word, and then finding what it matches is
   * one lookup instead of a pass over its pieces and their words' texts, each
   * of which misses the cache on a busy server.
   */
  readonly containing: Int32Array;
  readonly containingStart: Int32Array;
  readonly size: number;
}

export interface TextMatches {
  /**
   * One entry per word of the query: the postings of the vocabulary words it
   * can be. A text can contain the query only if, for every entry, its
   * position is in one of them.
   */
  words: Posting[][];
  /** True when that is the whole test (the query is a single word); false when the text must still be read. */
  exact: boolean;
  /**
   * When not exact: postings whose texts are known to contain the query and
   * need no reading (a two-word query's pairs of frequent words, when some
   * of the words it can be are rare and their pairs are not indexed).
   */
  sure?: Posting[];
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const NONE: readonly number[] = [];

/** `texts`: normalised, indexed by position; null for a review without text. */
export function createTextIndex(texts: readonly (string | null)[]): TextIndex {
  const wordIds = new Map<string, number>();
  const postings: number[][] = [];
  texts.forEach((text, position) => {
    if (text === null) return;
    for (const [word] of text.matchAll(WORD)) {
      let id = wordIds.get(word);
      if (id === undefined) {
        id = postings.length;
        wordIds.set(word, id);
        postings.push([]);
      }
      const list = postings[id] as number[];
      if (list[list.length - 1] !== position) list.push(position);
    }
  });
  const words = [...wordIds.keys()];
  const pieces = new Map<string, number[]>();
  words.forEach((word, id) => {
    for (let start = 0; start < word.length; start += 1) {
      for (let length = 1; length <= PIECE_MAX && start + length <= word.length; length += 1) {
        const piece = word.slice(start, start + length);
        const list = pieces.get(piece);
        if (!list) pieces.set(piece, [id]);
        else if (list[list.length - 1] !== id) list.push(id);
      }
    }
  });
  const frequent = Uint8Array.from(postings, (list) => (list.length >= FREQUENT_TEXTS ? 1 : 0));
  const vocabulary = { words, pieces: new Map([...pieces].map(([piece, list]) => [piece, Int32Array.from(list)])) };
  return {
    words,
    wordIds,
    postings: postings.map((list) => createPosting(list, texts.length)),
    pieces: vocabulary.pieces,
    pairs: pairPostings(texts, wordIds, frequent),
    frequent,
    ...containingWords(vocabulary),
    size: texts.length,
  };
}

function containingWords(vocabulary: Pick<TextIndex, 'words' | 'pieces'>): Pick<TextIndex, 'containing' | 'containingStart'> {
  const containingStart = new Int32Array(vocabulary.words.length + 1);
  const lists = vocabulary.words.map((word, id) => {
    const ids = piecesMatching(vocabulary, word, false, false);
    containingStart[id + 1] = (containingStart[id] as number) + ids.length;
    return ids;
  });
  const containing = new Int32Array(containingStart[lists.length] as number);
  lists.forEach((ids, id) => containing.set(ids, containingStart[id]));
  return { containing, containingStart };
}

function pairPostings(texts: readonly (string | null)[], wordIds: ReadonlyMap<string, number>, frequent: Uint8Array): Map<string, Posting> {
  const pairs = new Map<string, number[]>();
  texts.forEach((text, position) => {
    if (text === null) return;
    let previous = -1;
    let previousEnd = 0;
    for (const match of text.matchAll(WORD)) {
      const id = wordIds.get(match[0]) as number;
      if (previous >= 0 && frequent[previous] === 1 && frequent[id] === 1) {
        const key = pairKey(previous, text.slice(previousEnd, match.index), id);
        const list = pairs.get(key);
        if (!list) pairs.set(key, [position]);
        else if (list[list.length - 1] !== position) list.push(position);
      }
      previous = id;
      previousEnd = match.index + match[0].length;
    }
  });
  return new Map([...pairs].map(([key, list]) => [key, createPosting(list, texts.length)]));
}

function pairKey(first: number, between: string, second: number): string {
  return `${first} ${second} ${between}`;
}

/**
 * What the index knows about `query` (already normalised), or undefined when
 * the query has no word character and the index cannot help.
 */
export function matchText(index: TextIndex, query: string): TextMatches | undefined {
  const tokens = wordsOf(query);
  if (tokens.length === 0) return undefined;
  const candidates: ArrayLike<number>[] = [];
  const words: Posting[][] = [];
  for (const [token, at] of tokens) {
    // Inside the query a word is bounded by whatever surrounds it, and so must its match in a text be.
    const ids = wordsMatching(index, token, at > 0, at + token.length < query.length);
    candidates.push(ids);
    words.push(postingsOf(index, ids));
  }
  const [first, second] = tokens as [[string, number], ...[string, number][]];
  if (!second) return { words, exact: first[0].length === query.length };
  // Each two neighbouring words, with the text between them, are one of the pairs they can be.
  const pairAt = (i: number) => {
    const [before, start] = tokens[i] as [string, number];
    const between = query.slice(start + before.length, (tokens[i + 1] as [string, number])[1]);
    return pairsOf(index, candidates[i] as ArrayLike<number>, between, candidates[i + 1] as ArrayLike<number>);
  };
  // Two words and nothing around them: the texts holding one of the pairs they can be are exactly the answer.
  if (tokens.length === 2 && first[1] === 0 && second[1] + second[0].length === query.length) {
    const pair = pairAt(0);
    if (pair?.rare.length === 0) return { words: [pair.sure], exact: true };
    // Pairs with a rare word are not indexed: the rare words' few texts are candidates too, and read.
    if (pair) return { words: [pair.postings], exact: false, sure: pair.sure };
    return { words, exact: false };
  }
  // A longer phrase is narrowed by the pairs that leave far fewer texts to read than their words do.
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    const pair = pairAt(i);
    if (
      pair &&
      PAIR_NARROWING_FACTOR * entries(pair.postings) < Math.min(entries(words[i] as Posting[]), entries(words[i + 1] as Posting[]))
    )
      words.push(pair.postings);
  }
  return { words, exact: false };
}

function entries(postings: readonly Posting[]): number {
  let n = 0;
  for (let i = 0; i < postings.length; i += 1) n += (postings[i] as Posting).list.length;
  return n;
}

function postingsOf(index: TextIndex, ids: ArrayLike<number>): Posting[] {
  const postings: Posting[] = [];
  for (let i = 0; i < ids.length; i += 1) postings.push(index.postings[ids[i] as number] as Posting);
  return postings;
}

/**
 * The pairs (a, between, b) the two query words can be, when there are few
 * enough combinations to look up: the postings of those of two frequent
 * words (`sure`: exactly their texts hold the pair), and those of the rare
 * words among them (`rare`: their pairs are not indexed, but a text holding
 * one holds the rare word, which is in fewer than FREQUENT_TEXTS texts).
 * `postings`: both together, every text that can hold the pair.
 */
function pairsOf(
  index: TextIndex,
  firsts: ArrayLike<number>,
  between: string,
  seconds: ArrayLike<number>,
): { sure: Posting[]; rare: Posting[]; postings: Posting[] } | undefined {
  if (firsts.length * seconds.length > PAIR_LOOKUPS_MAX) return undefined;
  const sure: Posting[] = [];
  const rare: Posting[] = [];
  for (let i = 0; i < firsts.length; i += 1) {
    const a = firsts[i] as number;
    for (let j = 0; j < seconds.length; j += 1) {
      const b = seconds[j] as number;
      if (index.frequent[a] === 1 && index.frequent[b] === 1) {
        const posting = index.pairs.get(pairKey(a, between, b));
        if (posting) sure.push(posting);
      } else {
        const posting = index.postings[index.frequent[a] === 1 ? b : a] as Posting;
        if (!rare.includes(posting)) rare.push(posting);
      }
    }
  }
  return { sure, rare, postings: [...sure, ...rare] };
}

/** The words of a query with their offsets, as WORD finds them; ASCII, by far the usual case, without the Unicode regex. */
function wordsOf(query: string): [string, number][] {
  if (!isAscii(query)) return [...query.matchAll(WORD)].map((m) => [m[0], m.index]);
  const found: [string, number][] = [];
  let start = -1;
  for (let i = 0; i <= query.length; i += 1) {
    const c = i < query.length ? query.charCodeAt(i) : 0;
    const inWord = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) {
      found.push([query.slice(start, i), start]);
      start = -1;
    }
  }
  return found;
}

/** Ids of the vocabulary words containing `token`, starting with it when bounded before, ending with it when bounded after. */
function wordsMatching(index: TextIndex, token: string, boundedBefore: boolean, boundedAfter: boolean): ArrayLike<number> {
  if (boundedBefore && boundedAfter) {
    const id = index.wordIds.get(token);
    return id === undefined ? NONE : [id];
  }
  if (!boundedBefore && !boundedAfter) {
    const id = index.wordIds.get(token);
    if (id !== undefined) return index.containing.subarray(index.containingStart[id], index.containingStart[id + 1]);
  }
  return piecesMatching(index, token, boundedBefore, boundedAfter);
}

/** The same, found through the pieces index: for any token, and to build `containing`. */
function piecesMatching(
  index: Pick<TextIndex, 'words' | 'pieces'>,
  token: string,
  boundedBefore: boolean,
  boundedAfter: boolean,
): ArrayLike<number> {
  let containing: ArrayLike<number>;
  if (token.length <= PIECE_MAX) containing = index.pieces.get(token) ?? NONE;
  else {
    let rarest: Int32Array | undefined;
    for (let start = 0; start + PIECE_MAX <= token.length; start += 1) {
      const list = index.pieces.get(token.slice(start, start + PIECE_MAX));
      if (!list) return NONE;
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    containing = rarest as Int32Array;
  }
  const needsCheck = token.length > PIECE_MAX || boundedBefore || boundedAfter;
  if (!needsCheck) return containing;
  const found: number[] = [];
  for (let i = 0; i < containing.length; i += 1) {
    const id = containing[i] as number;
    const word = index.words[id] as string;
    if (boundedBefore ? word.startsWith(token) : boundedAfter ? word.endsWith(token) : word.includes(token)) found.push(id);
  }
  return found;
}
