import type { HubStore } from './store.ts';
import { SqliteHubStore } from './sqlite/store.ts';
import { PostgresHubStore } from './postgres/store.ts';

export type * from './types.ts';
export type { DeliveryFairness, HubStore } from './store.ts';
export { StoreError, isBusy, storeError, type StoreFault } from './errors.ts';
export { retrying } from './retrying.ts';

/** Where the hub's state lives: a Postgres URL (`HUB_DATABASE_URL`), else the SQLite file (`HUB_DB_PATH`). */
export interface StoreLocation {
  dbPath: string;
  databaseUrl?: string | undefined;
}

/**
 * Opens the hub's store on the engine its location names (docs/scaling.md):
 * Postgres when a database URL is set, else the embedded SQLite file.
 * Throws a `StoreError`; `busy` when a lock held elsewhere outlasted `busyWithinMs`.
 */
export function openHubStore(location: StoreLocation, busyWithinMs?: number): Promise<HubStore> {
  return location.databaseUrl
    ? PostgresHubStore.open(location.databaseUrl, busyWithinMs)
    : SqliteHubStore.open(location.dbPath, busyWithinMs);
}

/** What an operator's log line may name: the URL without its password. */
export function describeLocation(location: StoreLocation): string {
  if (!location.databaseUrl) return `HUB_DB_PATH=${location.dbPath}`;
  try {
    const url = new URL(location.databaseUrl);
    if (url.password) url.password = '***';
    return `HUB_DATABASE_URL=${url.href}`;
  } catch {
    return 'HUB_DATABASE_URL (not a valid URL)';
  }
}
