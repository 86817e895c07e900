import { z } from 'zod';
import { ReviewSchema } from './review.ts';

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/), the subset this service emits. */
const JsonFeedAuthorSchema = z.object({ name: z.string(), url: z.url().optional(), avatar: z.url().optional() });

export const JsonFeedItemSchema = z
  .object({
    id: z.string().describe('The review id'),
    url: z.url().optional(),
    external_url: z.url().optional().describe('Permalink to the original review'),
    title: z.string(),
    content_text: z.string(),
    date_published: z.iso.datetime({ offset: true }),
    date_modified: z.iso.datetime({ offset: true }).optional(),
    authors: z.array(JsonFeedAuthorSchema),
    tags: z.array(z.string()).optional(),
    _review: ReviewSchema.describe('Extension: the full review record'),
  })
  .meta({ id: 'JsonFeedItem' });

export const JsonFeedSchema = z
  .object({
    version: z.literal('https://jsonfeed.org/version/1.1'),
    title: z.string(),
    home_page_url: z.url(),
    feed_url: z.url(),
    description: z.string(),
    language: z.string(),
    authors: z.array(JsonFeedAuthorSchema),
    hubs: z.array(z.object({ type: z.literal('WebSub'), url: z.url() })),
    items: z.array(JsonFeedItemSchema).max(50).describe('The 50 newest reviews, newest first'),
  })
  .meta({ id: 'JsonFeed', description: 'JSON Feed 1.1 of the newest reviews' });
export type JsonFeed = z.infer<typeof JsonFeedSchema>;
