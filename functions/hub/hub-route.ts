import type { HubConfig } from '../../src/config.ts';
import { PATHS } from '../../src/lib/endpoints.ts';
import { clientKey, isLoopbackName, isPublicAddress, literalAddress } from '../../src/lib/hub/address.ts';
import { parseHubRequest, type SubscriptionRequest } from '../../src/lib/hub/hub-request.ts';
import { RateLimiter } from '../../src/lib/hub/rate-limit.ts';
import { withCors } from '../http/cors.ts';
import { HttpError } from '../http/http-error.ts';
import type { HttpReply, HttpRequest } from '../http/reply.ts';
import type { Route } from '../http/router.ts';
import type { Dispatcher } from './dispatcher.ts';
import type { HubSite } from './hub-site.ts';
import type { ReloadResult } from '../builds/artifacts.ts';
import type { PublishReport } from './publisher.ts';
import { retrying, storeError, type HubStore } from './store/index.ts';
import { hubUnavailable } from './unavailable.ts';

/** A hub request is a few hundred bytes; this leaves room for three topics and the longest callback. */
export const HUB_MAX_BODY_BYTES = 16 * 1024;

export interface HubRouteDeps {
  config: HubConfig;
  store: HubStore;
  dispatcher: Dispatcher;
  /** Runs a publish before it is answered (the service's reload, then the hub's publish). */
  publish: (topics: readonly string[]) => Promise<PublishOutcome>;
  site: HubSite;
  worker: string;
  log: (message: string) => void;
  now?: () => number;
}

/** What a publish request did: the reload of the build (when the service ran one) and the hub's publish (absent without a hub). */
export interface PublishOutcome {
  build?: ReloadResult;
  publish?: PublishReport;
}

/** How long a subscription request waits for a lock held elsewhere before its 503. */
const REQUEST_WITHIN_MS = 1_000;

/**
 * `POST /api/websub/hub`: validate, rate-limit, record the request durably,
 * answer 202, and only then (`afterSent`) start the verification. A publish
 * is answered once it is recorded (its changes queued), so a deploy learns
 * whether the hub took it. Every refusal is a plain-text 4xx; a database
 * that fails or stays locked is a 503 with `Retry-After` (docs/interface.md, "WebSub hub"; docs/operations.md).
 */
export function hubRoute(deps: HubRouteDeps): Route {
  const limiter = new RateLimiter(deps.config.rateLimitPerMinute, deps.now ? { now: deps.now } : {});
  const decoder = new TextDecoder();
  return {
    path: PATHS.hub,
    methods: { POST: (request) => handle(request) },
    body: { maxBytes: HUB_MAX_BODY_BYTES, types: ['application/x-www-form-urlencoded'] },
    // The hub's refusals are plain text (docs/interface.md, "WebSub hub"), the router's own 405/413/415 included.
    errorFormat: 'text',
  };

  async function handle(request: HttpRequest): Promise<HttpReply> {
    const topics = deps.site.topics.map((t) => t.url);
    const result = parseHubRequest(decoder.decode(request.payload ?? new Uint8Array()), topics, deps.config.lease);
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
    if (command.mode === 'publish') return published(await deps.publish(command.topics));
    try {
      await sharedRateLimit(command.callbackHost);
      return await subscription(command);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const failure = storeError(error);
      if (failure.fault !== 'busy') deps.log(`hub: could not record a ${command.mode}: ${failure.message}`);
      throw hubUnavailable(failure);
    }
  }

  /**
   * On a store several nodes share (Postgres), the per-host limit counts every node's requests, so a
   * subscriber cannot multiply its budget by the number of nodes behind the load balancer. The
   * per-node limiter above still runs first: it bounds memory and stops a flood before the database.
   */
  async function sharedRateLimit(callbackHost: string): Promise<void> {
    const { store, config } = deps;
    if (!store.rateCount || config.rateLimitPerMinute === 0) return;
    const now = (deps.now ?? Date.now)();
    const minute = Math.floor(now / 60_000);
    const count = await retrying(() => store.rateCount!(`host ${callbackHost}`, minute), REQUEST_WITHIN_MS);
    if (count <= config.rateLimitPerMinute) return;
    const retryAfterSeconds = Math.ceil(((minute + 1) * 60_000 - now) / 1000);
    throw new HttpError(429, `Too many hub requests for this callback host; try again in ${retryAfterSeconds} s.`, {
      format: 'text',
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }

  async function subscription(command: SubscriptionRequest): Promise<HttpReply> {
    const { store, config, dispatcher } = deps;
    const now = (deps.now ?? Date.now)();
    // Early and friendlier than the connect-time check, which still runs on every attempt (host names resolve only then).
    if (!config.allowPrivateCallbacks) {
      const literal = literalAddress(command.callbackHost);
      const local = literal !== undefined ? !isPublicAddress(literal) : isLoopbackName(command.callbackHost);
      if (local) {
        throw refuse(
          400,
          `hub.callback points at ${literal ?? command.callbackHost}, which is not a public address. For local development, start the hub with HUB_ALLOW_PRIVATE_CALLBACKS=1 (docs/hub.md, "Local development").`,
        );
      }
    }
    const existing = await retrying(() => store.subscriptionGet(command.topic, command.callback), REQUEST_WITHIN_MS);
    if (
      command.mode === 'subscribe' &&
      !existing &&
      (await retrying(() => store.subscriptionCountByHost(command.callbackHost, now), REQUEST_WITHIN_MS)) >= config.maxSubscriptionsPerHost
    ) {
      throw refuse(
        403,
        `${command.callbackHost} already holds ${config.maxSubscriptionsPerHost} subscriptions, the most one callback host may hold`,
      );
    }
    if (
      command.mode === 'unsubscribe' &&
      !existing &&
      !(await retrying(() => store.verificationPending(command.topic, command.callback), REQUEST_WITHIN_MS))
    ) {
      // Nothing to remove: no GET is sent, so the hub cannot be used to make requests to arbitrary URLs.
      // (An unsubscribe while a subscribe is still being verified is verified beside it; neither replaces the other.)
      return accepted('Unsubscribe accepted: there is no such subscription.');
    }
    // Recorded (flushed to disk) before the 202: a promise the hub cannot keep is never made.
    const verification = await retrying(
      () => store.verificationRequest({ ...command, requestedAt: now }, deps.worker, now + dispatcher.claimMs),
      REQUEST_WITHIN_MS,
    );
    return accepted(
      `${command.mode === 'subscribe' ? 'Subscription' : 'Unsubscription'} accepted: the hub will verify it with a GET to the callback.`,
      () => dispatcher.verify(verification),
    );
  }
}

/**
 * A publish's answer, once every worker has reloaded and the changes are
 * queued: 202 saying what is pushed; 503 when the build could not be loaded
 * or the change not recorded (a deploy then fails, saying why).
 */
function published(outcome: PublishOutcome): HttpReply {
  if (outcome.build && !outcome.build.ok) {
    throw new HttpError(
      503,
      `The hub could not load the new build (${outcome.build.error.message}); it keeps serving and pushing the last good one. Fix the build and publish again.`,
      { format: 'text' },
    );
  }
  const report = outcome.publish ?? { changed: [] };
  if (report.error) throw hubUnavailable(report.error, 'The hub could not record this publish (it retries on its own)');
  const moved = report.moved
    ? ` The site moved to ${report.moved.to}: ${report.moved.subscriptions} subscriptions follow the new topic URLs.`
    : '';
  const changed =
    report.changed.length === 0
      ? 'no topic changed since the last publish.'
      : `${report.changed.map((c) => `${c.topic} is pushed to ${c.queued} subscriber${c.queued === 1 ? '' : 's'}`).join('; ')}.`;
  return accepted(`Published: ${changed}${moved}`);
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
