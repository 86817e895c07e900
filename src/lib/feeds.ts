import escapeHtml from 'escape-html';
import { Feed } from 'feed';
import type { JsonFeed } from '../schemas/json-feed.ts';
import type { Review } from '../schemas/review.ts';
import type { ReviewsDataset } from '../schemas/reviews-dataset.ts';
import { FEED_SIZE, PATHS } from './endpoints.ts';

/**
 * Both feeds carry the same 50 newest reviews. Every timestamp comes from the
 * content (review and reply dates), so an unchanged dataset gives the same bytes.
 */
export function buildJsonFeed(dataset: ReviewsDataset, base: string): JsonFeed {
  const { business } = dataset;
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: `${business.name}: verified customer reviews`,
    home_page_url: business.url,
    feed_url: base + PATHS.jsonFeed,
    description: `The ${FEED_SIZE} newest verified reviews of ${business.name}.`,
    language: 'en-US',
    authors: [{ name: business.name, url: business.url }],
    hubs: [{ type: 'WebSub', url: base + PATHS.hub }],
    items: newest(dataset).map((review) => ({
      id: review.id,
      ...(review.source_url ? { external_url: review.source_url } : {}),
      title: itemTitle(review),
      content_text: itemText(review, business.name),
      date_published: dayStart(review.date),
      ...(review.owner_reply ? { date_modified: dayStart(review.owner_reply.date) } : {}),
      authors: [{ name: review.author, ...(review.author_avatar_url ? { avatar: review.author_avatar_url } : {}) }],
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
    title: `${business.name}: verified customer reviews`,
    description: `The ${FEED_SIZE} newest verified reviews of ${business.name}.`,
    link: business.url,
    feedLinks: { atom: base + PATHS.atomFeed },
    hub: base + PATHS.hub,
    language: 'en-US',
    author: { name: business.name, link: business.url },
    // An empty feed still needs a stable <updated>: the epoch, never the wall clock.
    updated: new Date(items.map(lastChange).reduce((a, b) => (a > b ? a : b), '1970-01-01') + 'T00:00:00Z'),
    generator: false,
  });
  for (const review of items) {
    const permalink = `${base}${PATHS.reviews}#review-${review.id}`;
    feed.addItem({
      id: permalink,
      link: review.source_url ?? permalink,
      title: escapeHtml(itemTitle(review)),
      content: escapeHtml(itemText(review, business.name)).replace(/\n/g, '<br>'),
      date: new Date(dayStart(lastChange(review))),
      published: new Date(dayStart(review.date)),
      author: [{ name: review.author }],
      category: review.services.map((term) => ({ term })),
    });
  }
  return feed.atom1();
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
