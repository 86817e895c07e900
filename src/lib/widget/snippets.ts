import escapeHtml from 'escape-html';
import type { Badge } from './badge.ts';
import { PAGES } from '../site/permalinks.ts';
import { EMBED_FRAME } from './embed-card.ts';

/**
 * The badge as a business pastes it into its own page: a link around an image whose width and height
 * are the badge's own, so the page keeps its place for it before it loads. The `alt` names what the
 * image shows without its figures: the snippet stays on the host's page as reviews arrive, and a
 * number written into it today would be wrong next week; the figures are in the image's title and
 * one activation away.
 */
export function badgeSnippet(base: string, badge: Badge, businessName: string): string {
  const alt = `Star rating of ${businessName} from its verified customer reviews`;
  return `<a href="${escapeHtml(base + PAGES.reviews)}"><img src="${escapeHtml(`${base}/badge.svg`)}" width="${badge.width}" height="${badge.height}" alt="${escapeHtml(alt)}"></a>`;
}

/**
 * A card as an `<iframe>` of the size the card is laid out for: the host page reserves it before the
 * frame loads (no layout shift), `loading="lazy"` defers the load until the frame nears the screen,
 * and the title names the frame for screen readers. `border:0` and `max-width:100%` are the only
 * styling; a page that forbids inline styles keeps the browser's frame border.
 */
export function frameSnippet(base: string, kind: keyof typeof EMBED_FRAME, businessName: string): string {
  const { path, width, height } = EMBED_FRAME[kind];
  const title = kind === 'card' ? `Customer reviews of ${businessName}` : `Customer rating of ${businessName}`;
  return (
    `<iframe src="${escapeHtml(base + path)}" width="${width}" height="${height}" title="${escapeHtml(title)}"` +
    ` loading="lazy" style="border:0;max-width:100%"></iframe>`
  );
}
