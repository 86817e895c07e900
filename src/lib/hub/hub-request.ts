import { HubRequestSchema } from '../../schemas/hub.ts';
import { hostKey } from './address.ts';
import { grantLease, type LeasePolicy } from './lease.ts';

export interface SubscriptionRequest {
  mode: 'subscribe' | 'unsubscribe';
  topic: string;
  /** As given: its own query string is kept; the hub appends its parameters to it. */
  callback: string;
  /** Lowercase host of the callback (IPv6 in brackets): what per-host limits count. */
  callbackHost: string;
  /** Granted, already clamped to the policy. */
  leaseSeconds: number;
  secret: string | null;
}

export interface PublishRequest {
  mode: 'publish';
  /** The topics named (`hub.url`, `hub.topic`); empty = every topic. */
  topics: string[];
}

export type HubCommand = SubscriptionRequest | PublishRequest;
export type HubRequestResult = { ok: true; command: HubCommand } | { ok: false; reasons: string[] };

/** Fields that may be repeated: a publish may name several topics. */
const REPEATABLE = new Set(['hub.topic', 'hub.url']);
const KNOWN = new Set(Object.keys(HubRequestSchema.shape));

/**
 * Reads a form-encoded hub request against the hub's topics and lease
 * policy. Every problem is collected before answering (thylacine's
 * websub-hub gathers `err[]` the same way), so one 400 says all that is
 * wrong. Unknown fields are ignored (WebSub 5.1).
 */
export function parseHubRequest(form: string, topics: readonly string[], lease: LeasePolicy): HubRequestResult {
  const reasons: string[] = [];
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(form)) {
    if (!KNOWN.has(name)) continue;
    if (REPEATABLE.has(name)) {
      ((fields[name] ??= []) as string[]).push(value);
    } else if (name in fields) {
      reasons.push(`${name} is given more than once`);
    } else {
      fields[name] = value;
    }
  }
  const parsed = HubRequestSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      reasons.push(issue.path.length > 0 && issue.code === 'invalid_type' ? `${String(issue.path[0])} is missing` : issue.message);
    }
    return { ok: false, reasons };
  }
  const request = parsed.data;
  const named = [...(request['hub.topic'] ?? []), ...(request['hub.url'] ?? [])];
  for (const topic of named) {
    if (!topics.includes(topic)) reasons.push(`${topic} is not a topic of this hub; the topics are ${topics.join(', ')}`);
  }
  if (request['hub.mode'] === 'publish') {
    return reasons.length > 0 ? { ok: false, reasons } : { ok: true, command: { mode: 'publish', topics: [...new Set(named)] } };
  }
  const callback = request['hub.callback'];
  if (callback === undefined) reasons.push('hub.callback is missing');
  if (request['hub.url'] !== undefined) reasons.push('hub.url belongs to publish requests; use hub.topic');
  const topic = request['hub.topic'] ?? [];
  if (topic.length === 0) reasons.push('hub.topic is missing');
  if (topic.length > 1) reasons.push('hub.topic is given more than once');
  if (reasons.length > 0 || callback === undefined) return { ok: false, reasons };
  const requested = request['hub.lease_seconds'];
  return {
    ok: true,
    command: {
      mode: request['hub.mode'],
      topic: topic[0] as string,
      // One spelling per endpoint (host case, default port, IDNA), so one endpoint is one subscription.
      callback: new URL(callback).href,
      callbackHost: hostKey(new URL(callback).hostname),
      leaseSeconds: grantLease(requested === undefined ? undefined : Number(requested), lease),
      secret: request['hub.secret'] ?? null,
    },
  };
}

/**
 * The callback with the hub's parameters appended to its own query (WebSub
 * 5.3). The callback's query is kept byte for byte (URLSearchParams would
 * re-encode it), and a fragment, which is never sent, is dropped.
 */
export function callbackWith(callback: string, params: Record<string, string>): string {
  const hash = callback.indexOf('#');
  const base = hash < 0 ? callback : callback.slice(0, hash);
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return base + joiner + new URLSearchParams(params).toString();
}
