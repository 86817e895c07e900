import { setTimeout as sleep } from 'node:timers/promises';
import { storeError } from './errors.ts';

/**
 * How long SQLite itself waits for a lock held by another connection
 * (`busy_timeout`): not at all. Its wait is a sleep that holds the event loop
 * (and a loaded machine stretches it), so every wait is a timer between tries
 * instead (`retrying`); a try that meets the lock fails in microseconds.
 */
export const BUSY_TIMEOUT_MS = 0;

/** Waits between tries while the database is locked (with jitter, so two workers do not retry in step). */
const BACKOFF_MS = [5, 10, 20, 40, 80, 160, 250];

/**
 * Runs a store operation, trying again while another connection holds the
 * write lock: a try that meets the lock returns at once, and the waits
 * between tries let every other request be answered. Throws a
 * `StoreError`: `busy` when the lock outlasts `withinMs`, any other fault at once.
 */
export async function retrying<T>(work: () => Promise<T>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const failure = storeError(error);
      const wait = (BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] as number) * (0.5 + Math.random());
      if (failure.fault !== 'busy' || Date.now() + wait > deadline) throw failure;
      await sleep(wait);
    }
  }
}
