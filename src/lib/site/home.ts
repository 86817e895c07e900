/** How many of the newest reviews the home page shows (and its JSON-LD lists: only what the page shows). */
export const HOME_REVIEWS = 6;
/** How many of the newest reviews the reviews index shows above the months. */
export const INDEX_REVIEWS = 20;
