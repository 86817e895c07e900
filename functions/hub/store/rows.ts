/** The stored rows of both engines (the same columns), and the plain data the store hands out. */
import type { PendingVerification, Subscription } from './types.ts';

export interface VerificationRow {
  id: number;
  mode: 'subscribe' | 'unsubscribe';
  topic_url: string;
  callback: string;
  callback_host: string;
  secret: string | null;
  lease_seconds: number;
  requested_at: number;
}
export interface SubscriptionRow {
  id: number;
  topic_url: string;
  callback: string;
  callback_host: string;
  secret: string | null;
  lease_seconds: number;
  verified_at: number;
  expires_at: number;
  failures: number;
}
export interface TopicRow {
  url: string;
  content_type: string;
  body: Buffer;
  hash: string;
  version: number;
}
export interface DeliveryRow {
  subscription_id: number;
  topic_version: number;
  topic_url: string;
  callback: string;
  secret: string | null;
}

export function toVerification(row: VerificationRow): PendingVerification {
  return {
    id: row.id,
    mode: row.mode,
    topic: row.topic_url,
    callback: row.callback,
    callbackHost: row.callback_host,
    secret: row.secret,
    leaseSeconds: row.lease_seconds,
    requestedAt: row.requested_at,
  };
}

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    topic: row.topic_url,
    callback: row.callback,
    callbackHost: row.callback_host,
    secret: row.secret,
    leaseSeconds: row.lease_seconds,
    verifiedAt: row.verified_at,
    expiresAt: row.expires_at,
    failures: row.failures,
  };
}
