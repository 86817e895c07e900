import escapeHtml from 'escape-html';
import type { Badge } from './badge.ts';

/** Where the badge links to: the full list of reviews. */
const REVIEWS_PAGE = '/reviews/';

/**
 * The badge as a business pastes it into its own page: a link around an image whose width and height
 * are the badge's own, so the page keeps its place for it before it loads. The `alt` names what the
 * image shows without its figures: the snippet stays on the host's page as reviews arrive, and a
 * number written into it today would be wrong next week; the figures are in the image's title and
 * one activation away.
 */
export function badgeSnippet(base: string, badge: Badge, businessName: string): string {
  const alt = `Star rating of ${businessName} from its verified customer reviews`;
  return `<a href="${escapeHtml(base + REVIEWS_PAGE)}"><img src="${escapeHtml(`${base}/badge.svg`)}" width="${badge.width}" height="${badge.height}" alt="${escapeHtml(alt)}"></a>`;
}
