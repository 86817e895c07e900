import { createHmac } from 'node:crypto';

/** The hub's part of a topic: what a notification must repeat of it. */
export interface TopicContent {
  url: string;
  /** Exactly as the topic is served (`application/atom+xml; charset=utf-8`). */
  contentType: string;
  body: Uint8Array;
}

/**
 * Headers of a notification POST (WebSub 7; docs/interface.md, "WebSub hub"): the topic's
 * served Content-Type, one Link header naming hub and topic, and a signature
 * only when the subscriber gave a secret.
 */
export function notificationHeaders(topic: TopicContent, hubUrl: string, secret: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': topic.contentType,
    link: `<${hubUrl}>; rel="hub", <${topic.url}>; rel="self"`,
  };
  if (secret !== null) headers['x-hub-signature'] = signature(secret, topic.body);
  return headers;
}

/** WebSub 7.1: `sha256=` and the hex HMAC of the exact body bytes, keyed with the subscriber's secret. */
export function signature(secret: string, body: Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
