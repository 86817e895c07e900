import { HttpError } from '../http/http-error.ts';
import type { StoreError, StoreFault } from './store/index.ts';

/** Seconds a client should wait before trying again: a lock passes quickly, the other faults need an operator. */
const RETRY_AFTER_S: Record<StoreFault, number> = { busy: 2, unwritable: 60, damaged: 300, full: 60, unreachable: 60, bug: 60 };

/** What the hub's public 503 says: what is wrong, never the server's paths (the log has those). */
const REASONS: Record<StoreFault, string> = {
  busy: 'its database is locked by another process',
  unwritable: 'it cannot write its database',
  damaged: 'its database is damaged',
  full: 'its disk is full',
  unreachable: 'it cannot reach its database',
  bug: 'its database failed',
};

/** A 503 with `Retry-After` for a hub write (or read) that failed: never a 500 (docs/operations.md). */
export function hubUnavailable(failure: StoreError, what = 'The hub could not record this request'): HttpError {
  const seconds = RETRY_AFTER_S[failure.fault];
  return new HttpError(
    503,
    `${what}: ${REASONS[failure.fault]}. Try again in ${seconds} s; pages, datasets, search and MCP are not affected.`,
    {
      format: 'text',
      headers: { 'retry-after': String(seconds) },
    },
  );
}

/** The hub's path while its database opens (after the server listens): a client comes back in a moment. */
export function hubStarting(): HttpError {
  return new HttpError(
    503,
    'The WebSub hub is starting: it is opening its database. Try again in 2 s; pages, datasets, search and MCP are not affected.',
    { format: 'text', headers: { 'retry-after': '2' } },
  );
}

/**
 * The one log line of a hub that could not start: names the variable to
 * change (`location`: `HUB_DB_PATH=…` or `HUB_DATABASE_URL=…` without its
 * password) and what is wrong.
 */
export function unavailableLogLine(location: string, failure: StoreError): string {
  const variable = location.split('=')[0] as string;
  const hint =
    failure.fault === 'damaged'
      ? variable === 'HUB_DB_PATH'
        ? 'move the file aside (or restore a backup) and restart'
        : 'restore the database from a backup and restart'
      : failure.fault === 'unwritable' || failure.fault === 'unreachable'
        ? variable === 'HUB_DB_PATH'
          ? 'point HUB_DB_PATH at a file the service user can create and write, and restart'
          : 'point HUB_DATABASE_URL at a database this user can reach and write, and restart'
        : 'fix it and restart';
  return `hub: unavailable: ${location}: ${failure.message}; the hub path answers 503 while pages, datasets, search, since and MCP keep serving; ${hint} (docs/operations.md)`;
}
