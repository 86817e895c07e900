import { createPosting, type Posting } from './posting.ts';

/**
 * Substring search over the normalised review texts without reading them
 * all. A query made of word characters only (letters, marks, digits) can only
 * occur inside one word of a text, so the reviews containing it are exactly
 * those holding a vocabulary word that contains it: the vocabulary is small,
 * and indexed by its 1- to 3-character pieces. A query with spaces or
 * punctuation narrows the same way word by word (a word followed by a space
 * in the query must end a word of the text, and so on); those candidates are
 * then checked against the text by the caller.
 */
export interface TextIndex {
  /** Vocabulary: every distinct word of the texts. */
  readonly words: readonly string[];
  readonly wordIds: ReadonlyMap<string, number>;
  /** word id → positions of the texts holding it */
  readonly postings: readonly Posting[];
  /** 1- to 3-character piece → ids of the words containing it, ascending */
  readonly pieces: ReadonlyMap<string, Int32Array>;
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
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const PIECE_MAX = 3;
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
  return {
    words,
    wordIds,
    postings: postings.map((list) => createPosting(list, texts.length)),
    pieces: new Map([...pieces].map(([piece, list]) => [piece, Int32Array.from(list)])),
    size: texts.length,
  };
}

/**
 * What the index knows about `query` (already normalised), or undefined when
 * the query has no word character and the index cannot help.
 */
export function matchText(index: TextIndex, query: string): TextMatches | undefined {
  const words: Posting[][] = [];
  let exact = false;
  for (const [token, at] of wordsOf(query)) {
    exact = token.length === query.length;
    // Inside the query a word is bounded by whatever surrounds it, and so must its match in a text be.
    const boundedBefore = at > 0;
    const boundedAfter = at + token.length < query.length;
    const postings: Posting[] = [];
    const ids = wordsMatching(index, token, boundedBefore, boundedAfter);
    for (let i = 0; i < ids.length; i += 1) postings.push(index.postings[ids[i] as number] as Posting);
    words.push(postings);
  }
  return words.length === 0 ? undefined : { words, exact };
}

/** The words of a query with their offsets, as WORD finds them; ASCII, by far the usual case, without the Unicode regex. */
function wordsOf(query: string): [string, number][] {
  if (NON_ASCII.test(query)) return [...query.matchAll(WORD)].map((m) => [m[0], m.index]);
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

const NON_ASCII = /[^\x00-\x7f]/;

/** Ids of the vocabulary words containing `token`, starting with it when bounded before, ending with it when bounded after. */
function wordsMatching(index: TextIndex, token: string, boundedBefore: boolean, boundedAfter: boolean): ArrayLike<number> {
  if (boundedBefore && boundedAfter) {
    const id = index.wordIds.get(token);
    return id === undefined ? NONE : [id];
  }
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

