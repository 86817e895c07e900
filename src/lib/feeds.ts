import escapeHtml from 'escape-html';
import { Feed } from 'feed';
import type { JsonFeed } from '../schemas/json-feed.ts';
import type { Review } from '../schemas/review.ts';
import type { ReviewsDataset } from '../schemas/reviews-dataset.ts';
import { replaceXmlIllegal } from './content/xml-chars.ts';
import { FEED_SIZE, PATHS } from './endpoints.ts';
import { PAGES, reviewPermalink } from './site/permalinks.ts';

/**
 * The build refuses content holding characters XML cannot carry; the
 * serialisers still never emit one (U+FFFD instead), so a feed parses
 * whatever reaches them.
 */
const xmlSafe = (text: string): string => replaceXmlIllegal(text).text;

/**
 * `feed` escapes `&` in element text only when it does not already start an
 * entity, so a name holding `&amp;` would lose it; escaping every `&` first
 * makes it escape the rest (`<`, `>`) and keep the text as written.
 */
const plainText = (text: string): string => text.replace(/&/g, '&amp;');

/**
 * Both feeds carry the same 50 newest reviews. Every timestamp comes from the
 * content (review and reply dates), so an unchanged dataset gives the same bytes.
 * An entry links to the review's permalink on the site; the original on its
 * source platform, where there is one, goes beside it (`external_url`, `rel="via"`).
 */
export function buildJsonFeed(dataset: ReviewsDataset, base: string): JsonFeed {
  const { business } = dataset;
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: `${business.name}: verified customer reviews`,
    home_page_url: base + PAGES.reviews,
    feed_url: base + PATHS.jsonFeed,
    description: `The ${FEED_SIZE} newest verified reviews of ${business.name}.`,
    language: 'en-US',
    authors: [{ name: business.name, url: business.url }],
    hubs: [{ type: 'WebSub', url: base + PATHS.hub }],
    items: newest(dataset).map((review) => ({
      id: review.id,
      url: base + reviewPermalink(review),
      ...(review.source_url ? { external_url: review.source_url } : {}),
      title: xmlSafe(itemTitle(review)),
      content_text: xmlSafe(itemText(review, business.name)),
      date_published: dayStart(review.date),
      ...(review.owner_reply ? { date_modified: dayStart(review.owner_reply.date) } : {}),
      authors: [{ name: xmlSafe(review.author), ...(review.author_avatar_url ? { avatar: review.author_avatar_url } : {}) }],
      tags: review.services,
      _review: review,
    })),
  };
}

export function buildAtomFeed(dataset: ReviewsDataset, base: string): string {
  const { business } = dataset;
  const items = newest(dataset);
  const feed = new Feed({
    id: base + PATHS.atomFeed,
    title: plainText(`${business.name}: verified customer reviews`),
    description: plainText(`The ${FEED_SIZE} newest verified reviews of ${business.name}.`),
    link: base + PAGES.reviews,
    feedLinks: { atom: base + PATHS.atomFeed },
    hub: base + PATHS.hub,
    language: 'en-US',
    author: { name: plainText(business.name), link: business.url },
    // An empty feed still needs a stable <updated>: the epoch, never the wall clock.
    updated: new Date(items.map(lastChange).reduce((a, b) => (a > b ? a : b), '1970-01-01') + 'T00:00:00Z'),
    generator: false,
  });
  const via = new Map<string, string>();
  for (const review of items) {
    const link = base + reviewPermalink(review);
    if (review.source_url) via.set(link, review.source_url);
    feed.addItem({
      // The entry id predates the site's pages; an id must never change, so it keeps its first form.
      id: `${base}${PATHS.reviews}#review-${review.id}`,
      link,
      title: escapeHtml(itemTitle(review)),
      content: escapeHtml(itemText(review, business.name)).replace(/\n/g, '<br>'),
      date: new Date(dayStart(lastChange(review))),
      published: new Date(dayStart(review.date)),
      author: [{ name: plainText(review.author) }],
      category: review.services.map((term) => ({ term })),
    });
  }
  return xmlSafe(withViaLinks(feed.atom1(), via));
}

/**
 * The feed library writes one `<link>` per entry; the source's permalink goes after it as
 * `rel="via"` (RFC 4287 4.2.7.2). Each entry's own link is unique (it holds the review id).
 */
function withViaLinks(atom: string, via: ReadonlyMap<string, string>): string {
  return atom.replace(/<link href="([^"]*)"\/>/g, (tag: string, href: string) => {
    const source = via.get(href.replace(/&amp;/g, '&'));
    return source ? `${tag}\n        <link rel="via" href="${escapeHtml(new URL(source).href)}"/>` : tag;
  });
}

function newest(dataset: ReviewsDataset): Review[] {
  return dataset.reviews.slice(0, FEED_SIZE);
}

function itemTitle(review: Review): string {
  return `${'★'.repeat(review.rating)}${'☆'.repeat(5 - review.rating)} ${review.rating}/5 from ${review.author}`;
}

function itemText(review: Review, businessName: string): string {
  const text = review.text ?? `Rated ${review.rating} out of 5, without a written review.`;
  return review.owner_reply ? `${text}\n\nReply from ${businessName}: ${review.owner_reply.text}` : text;
}

function lastChange(review: Review): string {
  return review.owner_reply && review.owner_reply.date > review.date ? review.owner_reply.date : review.date;
}

function dayStart(date: string): string {
  return `${date}T00:00:00Z`;
}
