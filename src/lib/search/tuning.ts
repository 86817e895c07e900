/**
 * The thresholds that pick how the read path answers a query: which postings
 * keep a bitset, which words have their pairs indexed, which method a search
 * takes. In one place so that a change to one is made knowing the others;
 * each says why it has its value. None changes an answer, only the work done
 * to find it: the property test checks every method against the reference
 * search.
 */

/** A posting keeps a bitset beside its list when it holds at least one review in this many: from there the bitset (1 bit per review) costs no more memory than the list (32 bits per entry). */
export const BITSET_BREAK_EVEN = 32;

/** Days the per-day table of date bounds covers at most (older bounds binary-search): a century, 146 kB, so that one absurd date cannot make the table huge. */
export const DAY_TABLE_SPAN = 36_525;

/** Vocabulary words are indexed by their pieces of 1 to this many characters: a query word that short is one lookup, a longer one is found through its rarest piece of this length, whose few words are then checked. */
export const PIECE_MAX = 3;

/** A word in fewer texts than this is rare: a phrase holding it is checked against at most this many texts, a few microseconds, so only frequent words have their pairs indexed, which keeps the pair index small (4,015 pairs at 10,000 generated reviews). */
export const FREQUENT_TEXTS = 64;

/** Two query words whose vocabulary matches make more combinations than this are not looked up in pairs: the lookups would cost more than they save. */
export const PAIR_LOOKUPS_MAX = 64;

/** A longer phrase is narrowed by a pair of neighbouring words only when the pair's texts are fewer than either word's by this factor: each extra filter costs its own tests, paid only for a cut of at least half the candidates. */
export const PAIR_NARROWING_FACTOR = 2;

/** With two filters or more, a rarest filter (of one posting) with at least this many candidates per 32 positions of the date range is intersected 32 positions per step instead of visited candidate by candidate: from one per step, the word loop takes no more steps than the visits would (b442fa7 lowered it from 2). */
export const DENSE_PER_WORD = 1;

/** A filter of more sparse lists than this is marked in a scratch bitset before reviews are tested against it, so that a test is one bit read instead of a cursor step in every list (the value the method came with, 203cdb2). */
export const DIRECT_SPARSE_MEMBERS = 4;
