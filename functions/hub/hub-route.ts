import type { HubConfig } from '../../src/config.ts';
import { PATHS } from '../../src/lib/endpoints.ts';
import { clientKey, isPublicAddress, literalAddress } from '../../src/lib/hub/address.ts';
import { parseHubRequest, type SubscriptionRequest } from '../../src/lib/hub/hub-request.ts';
import { RateLimiter } from '../../src/lib/hub/rate-limit.ts';
import { withCors } from '../http/cors.ts';
import { HttpError } from '../http/http-error.ts';
import type { HttpReply, HttpRequest } from '../http/reply.ts';
import type { Route } from '../http/router.ts';
import type { Dispatcher } from './dispatcher.ts';
import type { HubStore } from './store/index.ts';

/** A hub request is a few hundred bytes; this leaves room for three topics and the longest callback. */
export const HUB_MAX_BODY_BYTES = 16 * 1024;

export interface HubRouteDeps {
  config: HubConfig;
  store: HubStore;
  dispatcher: Dispatcher;
  /** Runs a publish after its 202 (the service's reload, then the hub's publish). */
  publish: (topics: readonly string[]) => Promise<unknown>;
  topics: readonly string[];
  worker: string;
  now?: () => number;
}

/**
 * `POST /api/websub/hub`: validate, rate-limit, record the request durably,
 * answer 202, and only then (`afterSent`) start the verification or the
 * publish. Every refusal is a plain-text 4xx (contract section 4).
 */
export function hubRoute(deps: HubRouteDeps): Route {
  const limiter = new RateLimiter(deps.config.rateLimitPerMinute, deps.now ? { now: deps.now } : {});
  const decoder = new TextDecoder();
  return {
    path: PATHS.hub,
    methods: { POST: (request) => handle(request) },
    body: { maxBytes: HUB_MAX_BODY_BYTES, types: ['application/x-www-form-urlencoded'] },
    // The hub's refusals are plain text (contract section 4), the router's own 405/413/415 included.
    errorFormat: 'text',
  };

  function handle(request: HttpRequest): HttpReply {
    const result = parseHubRequest(decoder.decode(request.payload ?? new Uint8Array()), deps.topics, deps.config.lease);
    if (!result.ok) throw refuse(400, result.reasons.join('\n'));
    const command = result.command;
    const keys = [`client ${clientKey(request.remoteAddress)}`];
    if (command.mode !== 'publish') keys.push(`host ${command.callbackHost}`);
    const rate = limiter.take(...keys);
    if (!rate.ok) {
      throw new HttpError(
        429,
        `Too many hub requests from this address or for this callback host; try again in ${rate.retryAfterSeconds} s.`,
        {
          format: 'text',
          headers: { 'retry-after': String(rate.retryAfterSeconds) },
        },
      );
    }
    if (command.mode === 'publish') {
      return accepted('Publish accepted: changed topics will be pushed to their subscribers.', () => void deps.publish(command.topics));
    }
    return subscription(command);
  }

  function subscription(command: SubscriptionRequest): HttpReply {
    const { store, config, dispatcher } = deps;
    const now = (deps.now ?? Date.now)();
    // Early and friendlier than the connect-time check, which still runs on every attempt (host names resolve only then).
    const literal = literalAddress(command.callbackHost);
    if (literal !== undefined && !config.allowPrivateCallbacks && !isPublicAddress(literal)) {
      throw refuse(400, `hub.callback points at ${literal}, which is not a public address`);
    }
    const existing = store.subscriptionGet(command.topic, command.callback);
    if (
      command.mode === 'subscribe' &&
      !existing &&
      store.subscriptionCountByHost(command.callbackHost, now) >= config.maxSubscriptionsPerHost
    ) {
      throw refuse(
        403,
        `${command.callbackHost} already holds ${config.maxSubscriptionsPerHost} subscriptions, the most one callback host may hold`,
      );
    }
    if (command.mode === 'unsubscribe' && !existing && !store.verificationPending(command.topic, command.callback)) {
      // Nothing to remove: no GET is sent, so the hub cannot be used to make requests to arbitrary URLs.
      // (An unsubscribe while a subscribe is still being verified is verified beside it; neither replaces the other.)
      return accepted('Unsubscribe accepted: there is no such subscription.');
    }
    const verification = store.verificationRequest({ ...command, requestedAt: now }, deps.worker, now + dispatcher.claimMs);
    return accepted(
      `${command.mode === 'subscribe' ? 'Subscription' : 'Unsubscription'} accepted: the hub will verify it with a GET to the callback.`,
      () => dispatcher.verify(verification),
    );
  }
}

function accepted(message: string, afterSent?: () => void): HttpReply {
  return withCors({
    status: 202,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    body: `${message}\n`,
    ...(afterSent ? { afterSent } : {}),
  });
}

function refuse(status: 400 | 403, reason: string): HttpError {
  return new HttpError(status, reason, { format: 'text' });
}
