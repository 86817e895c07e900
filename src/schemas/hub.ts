import { z } from 'zod';

/** Longer callbacks are refused: the URL is stored and sent on every request the hub makes. */
export const MAX_CALLBACK_CHARS = 2_000;
/** docs/interface.md, "WebSub hub": a secret is under 200 bytes. */
export const MAX_SECRET_BYTES = 199;

const httpsUrl = (what: string) =>
  z
    .string()
    .max(MAX_CALLBACK_CHARS, `${what} is longer than ${MAX_CALLBACK_CHARS} characters`)
    .pipe(z.url({ error: `${what} is not a valid URL` }))
    // Refinements run after a failed format check too: each must hold up on any string.
    .refine((url) => !URL.canParse(url) || url.toLowerCase().startsWith('https:'), `${what} must be an https: URL (plain http: is refused)`)
    .refine((url) => {
      const parsed = URL.parse(url);
      return !parsed || (parsed.username === '' && parsed.password === '');
    }, `${what} must not carry a user name or password`)
    // A DNS name is at most 253 characters; a longer host is no callback, and would be a large rate-limit key.
    .refine((url) => (URL.parse(url)?.hostname.length ?? 0) <= 253, `${what} has a host name longer than 253 characters`);

/**
 * Form fields of `POST /api/websub/hub` (application/x-www-form-urlencoded).
 * Unknown fields are ignored, as WebSub asks. `hub.topic` and `hub.url` may
 * be repeated in a publish; every other field is given at most once.
 */
export const HubRequestSchema = z
  .object({
    'hub.mode': z
      .enum(['subscribe', 'unsubscribe', 'publish'], { error: 'hub.mode must be subscribe, unsubscribe or publish' })
      .describe('What the request asks for'),
    'hub.callback': httpsUrl('hub.callback')
      .optional()
      .describe(
        `Subscriber callback; https: only, no credentials, at most ${MAX_CALLBACK_CHARS} characters; its own query is kept. Required for subscribe and unsubscribe`,
      ),
    'hub.topic': z
      .array(z.string().max(MAX_CALLBACK_CHARS, 'hub.topic is too long'))
      .max(3, 'hub.topic is given more than 3 times')
      .optional()
      .describe(
        'One of {base}/feed.xml, {base}/api/feed.json, {base}/reviews.json. Required (once) for subscribe and unsubscribe; a publish may repeat it',
      ),
    'hub.lease_seconds': z
      .string()
      .regex(/^\d{1,15}$/, 'hub.lease_seconds must be a whole number of seconds')
      .optional()
      .describe('Requested lease in seconds; the hub clamps it to its policy and says what it granted in the verification'),
    'hub.secret': z
      .string()
      .refine((s) => Buffer.byteLength(s) <= MAX_SECRET_BYTES, `hub.secret must be under 200 bytes`)
      .optional()
      .describe('Under 200 bytes; notifications then carry X-Hub-Signature: sha256=<hex HMAC of the body>'),
    'hub.url': z
      .array(z.string().max(MAX_CALLBACK_CHARS, 'hub.url is too long'))
      .max(3, 'hub.url is given more than 3 times')
      .optional()
      .describe('publish only: a topic whose content changed (repeatable; none = every topic)'),
  })
  .meta({ id: 'HubRequest' });
