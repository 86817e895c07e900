import { z } from 'zod';

/**
 * Form fields of `POST /api/websub/hub` (application/x-www-form-urlencoded).
 * Unknown fields are ignored, as WebSub asks.
 */
export const HubRequestSchema = z
  .object({
    'hub.mode': z.enum(['subscribe', 'unsubscribe', 'publish']).describe('What the request asks for'),
    'hub.callback': z
      .url({ protocol: /^https$/ })
      .optional()
      .describe('Subscriber callback; HTTPS only. Required for subscribe and unsubscribe'),
    'hub.topic': z
      .url()
      .optional()
      .describe('One of {base}/feed.xml, {base}/api/feed.json, {base}/reviews.json. Required for subscribe and unsubscribe'),
    'hub.lease_seconds': z
      .string()
      .regex(/^\d+$/)
      .optional()
      .describe('Requested lease in seconds; the hub clamps it to its policy and says what it granted in the verification'),
    'hub.secret': z
      .string()
      .max(199)
      .optional()
      .describe('Under 200 bytes; notifications then carry X-Hub-Signature: sha256=<hex HMAC of the body>'),
    'hub.url': z.url().optional().describe('publish only: a topic whose content changed (repeatable)'),
  })
  .meta({ id: 'HubRequest' });
