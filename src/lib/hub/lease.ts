/** Lease bounds of docs/interface.md, "WebSub hub" (HUB_LEASE_MIN_S, HUB_LEASE_MAX_S, HUB_LEASE_DEFAULT_S). */
export interface LeasePolicy {
  minSeconds: number;
  maxSeconds: number;
  defaultSeconds: number;
}

/** The lease the hub grants: what was asked, within the bounds; the default when nothing was asked. */
export function grantLease(requested: number | undefined, policy: LeasePolicy): number {
  if (requested === undefined) return policy.defaultSeconds;
  return Math.min(policy.maxSeconds, Math.max(policy.minSeconds, requested));
}

/** A lease runs from the verification request (docs/interface.md, "WebSub hub"), in epoch milliseconds. */
export function leaseExpiry(verifiedAtMs: number, leaseSeconds: number): number {
  return verifiedAtMs + leaseSeconds * 1000;
}
