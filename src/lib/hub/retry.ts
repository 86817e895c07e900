/** docs/interface.md, "WebSub hub": the third failed attempt in a row removes the subscription. */
export const MAX_CONSECUTIVE_FAILURES = 3;

export type FailureOutcome = { remove: true } | { remove: false; retryInMs: number };

/**
 * What follows a failed delivery attempt, given the subscription's consecutive
 * failures including this one. `delays` is HUB_RETRY_DELAYS_MS: the wait
 * before the 2nd, 3rd, ... attempt; a short list repeats its last entry.
 */
export function afterFailure(consecutiveFailures: number, delays: readonly number[]): FailureOutcome {
  if (consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) return { remove: true };
  const index = Math.min(consecutiveFailures, delays.length) - 1;
  return { remove: false, retryInMs: delays[Math.max(0, index)] ?? 0 };
}

/** RFC 9110 15.5.11: 410 Gone says the callback is gone for good, so the subscription goes at once. */
export function isGone(status: number): boolean {
  return status === 410;
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
