import { randomBytes } from 'node:crypto';
import { callbackWith } from '../../src/lib/hub/hub-request.ts';
import { isSuccess } from '../../src/lib/hub/retry.ts';
import type { HubConfig } from '../../src/config.ts';
import type { HubClient } from './safe-client.ts';
import { retrying, type HubStore, type PendingVerification } from './store/index.ts';

/** What a verification needs: the dispatcher's deps (less the site), and a hook for a refused one. */
export interface VerifyDeps {
  store: HubStore;
  client: HubClient;
  /** This process's name in claim columns. */
  worker: string;
  config: HubConfig;
  log: (message: string) => void;
  now?: () => number;
  deny?: (callback: string, topic: string, reason: string) => void;
}

/**
 * Verification of intent (WebSub 5.3; docs/interface.md, "WebSub hub"): a GET to the callback
 * with a fresh challenge; only a 2xx whose body is exactly the challenge
 * counts. The body is read one byte past the challenge's length, no
 * further. Redirects count as a refusal (undici follows none). The lease
 * runs from this request. A subscribe replaces the stored subscription only
 * on success; a failure leaves whatever was there.
 */
export async function verifyIntent(verification: PendingVerification, deps: VerifyDeps): Promise<void> {
  const { store, client, worker, config, log } = deps;
  const now = deps.now ?? Date.now;
  // Fresh per attempt, never stored: an attempt after a crash asks a new one.
  const challenge = randomBytes(24).toString('base64url');
  const params: Record<string, string> = { 'hub.mode': verification.mode, 'hub.topic': verification.topic, 'hub.challenge': challenge };
  if (verification.mode === 'subscribe') params['hub.lease_seconds'] = String(verification.leaseSeconds);
  const verifiedAt = now();
  let refusal: string | undefined;
  try {
    const response = await client.send({
      method: 'GET',
      url: callbackWith(verification.callback, params),
      maxBodyBytes: challenge.length + 1,
    });
    if (!isSuccess(response.status)) refusal = `answered ${response.status}`;
    else if (response.truncated || !response.body.equals(Buffer.from(challenge))) refusal = 'answered without the exact challenge';
  } catch (error) {
    refusal = `could not be reached (${error instanceof Error ? error.message : String(error)})`;
  }
  const what = `${verification.mode} of ${verification.callback} to ${verification.topic}`;
  // The outcome waits out a lock held elsewhere without blocking; if it cannot be written, the claim runs out and
  // the verification is made again with a new challenge.
  const within = config.deliveryTimeoutMs;
  if (refusal !== undefined) {
    await retrying(() => store.verificationDrop(verification.id, worker), within);
    log(`hub: ${what} not verified: the callback ${refusal}`);
    return;
  }
  if (verification.mode === 'unsubscribe') {
    const result = await retrying(() => store.subscriptionRemoveVerified(verification.id, worker), within);
    log(`hub: ${what} verified: ${result}`);
    return;
  }
  const result = await retrying(
    () => store.subscriptionActivate(verification.id, worker, verifiedAt, config.maxSubscriptionsPerHost),
    within,
  );
  log(`hub: ${what} verified: ${result}`);
  if (result === 'host_full')
    deps.deny?.(
      verification.callback,
      verification.topic,
      `${verification.callbackHost} already holds ${config.maxSubscriptionsPerHost} subscriptions`,
    );
}
