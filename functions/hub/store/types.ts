/** What the hub store holds and hands out (plain data; times are epoch milliseconds). */

export interface VerificationRequest {
  mode: 'subscribe' | 'unsubscribe';
  topic: string;
  callback: string;
  callbackHost: string;
  secret: string | null;
  /** Granted (already clamped). */
  leaseSeconds: number;
  requestedAt: number;
}

export interface PendingVerification extends VerificationRequest {
  id: number;
}

export interface Subscription {
  id: number;
  topic: string;
  callback: string;
  callbackHost: string;
  secret: string | null;
  leaseSeconds: number;
  verifiedAt: number;
  expiresAt: number;
  /** Consecutive failed delivery attempts. */
  failures: number;
}

export interface StoredTopic {
  url: string;
  contentType: string;
  body: Buffer;
  /** SHA-256 (hex) of the body last distributed. */
  hash: string;
  version: number;
}

/** A delivery this worker now holds: send `topic`'s content at `version` to `callback`. */
export interface ClaimedDelivery {
  subscriptionId: number;
  version: number;
  topic: string;
  callback: string;
  secret: string | null;
}

export type DeliveryOutcome =
  | { kind: 'delivered'; subscriptionId: number; version: number }
  /** 410: the subscriber said it is gone for good. */
  | { kind: 'gone'; subscriptionId: number; reason: string }
  /** Non-2xx, timeout or connection error. */
  | { kind: 'failed'; subscriptionId: number; reason: string };

export interface RemovedSubscription extends Subscription {
  reason: string;
  /** `gone`: the callback answered 410; `failed`: the last of too many failed attempts. */
  cause: 'gone' | 'failed';
}
