/**
 * The read path: the in-memory index of `/reviews.json` and the searches the
 * read endpoints answer from it. This file is the folder's one public entry;
 * code outside `src/lib/search/` imports from here, not from the files beside
 * it (tests of those internals excepted).
 */
export {
  countOnOrAfter,
  createReviewIndex,
  idsRated,
  newestIds,
  positionOf,
  prefixTag,
  reviewAt,
  reviewIds,
  reviewsJson,
  runJson,
  type ReviewIndex,
} from './review-index.ts';
export { searchReviews, type SearchHits } from './search.ts';
export { parseSearchQuery, parseSinceQuery, type Parsed } from './search-params.ts';
export { toIssues } from './request-issues.ts';
export {
  fieldList,
  pickFields,
  searchAnswer,
  selectedPositions,
  sinceAnswer,
  type ReviewSelection,
  type SearchPage,
  type SincePage,
} from './answers.ts';
