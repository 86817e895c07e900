/**
 * The tuning of the recurring themes (findTopics), in one place: each
 * number's comment says what it bounds. Changing one changes the sample
 * business's /insights.json.
 */

// Output.
/** Themes published at most. */
export const MAX_TOPICS = 12;
/** Phrases listed per theme at most. */
export const MAX_TERMS = 6;
/** Example reviews per theme. */
export const EXAMPLES = 3;

// Candidates.
/** A phrase is a candidate when this share of the written reviews use it (and at least 2). */
export const MIN_SHARE = 0.015;
/** A phrase in more than this share of the reviews says nothing about any of them. */
export const MAX_SHARE = 0.35;
/** Only the most frequent phrases are clustered: enough for themes, bounded work (pairs grow with its square). */
export const CANDIDATES = 160;

// Clustering.
/** Dunning's log-likelihood ratio for p < 0.001 with one degree of freedom. */
export const G2_CRITICAL = 10.83;
/** Two phrases are related only when they meet at least this many times more often than chance. */
export const MIN_LIFT = 2;
/** Words that name the same aspect ("quote", "invoice") are this similar whether or not reviews use them together. */
export const SYNONYM_SIMILARITY = 0.3;
/** Average-linkage merging of phrases into concepts stops below this similarity (Ochiai coefficient). */
export const PHRASE_MERGE_THRESHOLD = 0.1;
/** Concepts merge into one theme down to this similarity of their member reviews. */
export const CONCEPT_MERGE_THRESHOLD = 0.25;

// Membership and selection.
/** A word whose reviews mostly use the theme's other phrases too is evidence of the theme on its own... */
export const ANCHOR_PURITY = 0.5;
/** ... and so is one where purity × ln(lift) reaches this. */
export const ANCHOR_INFORMATION = 0.9;
/** A theme needs this share of the written reviews (and at least 2). */
export const MIN_TOPIC_SHARE = 0.02;
/** A theme whose reviews are mostly those of one bigger theme is left out. */
export const MAX_COVERED = 0.7;

// Labels.
/** A label phrase must have at least this share of its reviews inside the theme. */
export const LABEL_PRECISION = 0.5;
/** A longer phrase replaces a word of it in the label when it covers this share of the word's reviews ("charger" → "EV charger")... */
export const PROMOTE_SHARE = 0.3;
/** ... and most of the reviews that use the word in any longer phrase. */
export const PROMOTE_DOMINANCE = 0.6;
/** A second name must cover this share of the theme's reviews ("generators and storms"). */
export const SECOND_COVER = 0.15;
/** Share of a phrase's uses in the plural that makes a label plural. */
export const PLURAL_SHARE = 0.05;
