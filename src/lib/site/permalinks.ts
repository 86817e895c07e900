/**
 * Where every page and every review lives on the site. One function per URL, used by the pages,
 * the feeds, the sitemap, llms.txt and the widget, so a link is built one way only.
 *
 * A review's permalink is its anchor on the archive page of its month: `/reviews/2026-11/#review-{id}`.
 * The month comes from the review's date, which a newer review never changes, so the URL never moves;
 * and one page per month (not per review) keeps a 100,000-review build to a few hundred pages.
 */

/** The site's HTML pages (each ends with `/`: the build writes `…/index.html`). */
export const PAGES = {
  home: '/',
  reviews: '/reviews/',
  summary: '/summary/',
  developers: '/developers/',
} as const;

export const MACHINE_PATHS = {
  llms: '/llms.txt',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

/** The page of one aspect of the work, `/summary/aspects/{id}/`: its reasons and its reviews. */
export function aspectPath(id: string): string {
  return `${PAGES.summary}aspects/${id}/`;
}

/** The page of one topic (an experience or a job), `/summary/topics/{id}/`: its quotes and its reviews. */
export function topicPath(id: string): string {
  return `${PAGES.summary}topics/${id}/`;
}

/** `YYYY-MM` of a `YYYY-MM-DD` date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The archive page of one month, `/reviews/YYYY-MM/`. */
export function monthPath(month: string): string {
  return `${PAGES.reviews}${month}/`;
}

/** The `id` of a review's `<article>`, and the fragment of its permalink. */
export function reviewAnchor(id: string): string {
  return `review-${id}`;
}

/** A review's permalink, site-relative: prefix the base URL for an absolute one. */
export function reviewPermalink(review: { id: string; date: string }): string {
  return `${monthPath(monthOf(review.date))}#${reviewAnchor(review.id)}`;
}
