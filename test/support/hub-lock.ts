/**
 * Another process holding the hub's database, as an operator's script, a
 * backup or a stuck migration would, until `release()` (or until this
 * process goes):
 * - SQLite: `BEGIN EXCLUSIVE` on the file (sqlite-locker.ts): readers go
 *   on (WAL), every write waits;
 * - Postgres: a session holding `LOCK TABLE … IN ACCESS EXCLUSIVE MODE` on
 *   the hub's tables in an open transaction: every statement touching them
 *   waits (the hub's own lock timeout, 1 s, ends the wait).
 */
import { fork } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { ExpectStatic } from 'vitest';
import type { StoreLocation } from '../../functions/hub/store/index.ts';
import { inspectStore, TOPICS, type HubProcess } from './hub-service.ts';

const LOCKER = resolve(import.meta.dirname, 'sqlite-locker.ts');

export interface HubLock {
  release(): Promise<void>;
}

/** `except`: Postgres tables left free (the SQLite lock is the whole file's). The tables must exist: open a store there first. */
export async function lockHubDatabase(store: StoreLocation, options: { except?: readonly string[] } = {}): Promise<HubLock> {
  return store.databaseUrl ? lockTables(store.databaseUrl, options.except ?? []) : lockFile(store.dbPath);
}

/**
 * A hub restarted on a build it has not published while another process holds its database: a subscriber
 * (`callback`) from an earlier run, the build's reviews.json rewritten (the same data, other bytes), the lock
 * taken (the Postgres bookkeeping left free, so the hub opens), and the hub started again until its start-up
 * publish fails and retries. `own` receives the hub and the lock as soon as each exists, for the caller's
 * clean-up to stop and release whatever happens after.
 */
export async function restartUnderLockWithPendingPublish(options: {
  start: () => Promise<HubProcess>;
  store: StoreLocation;
  distDir: string;
  callback: string;
  expect: ExpectStatic;
  own: { hub?: HubProcess; lock?: HubLock };
}): Promise<{ hub: HubProcess; lock: HubLock }> {
  const { start, store, distDir, callback, expect, own } = options;
  const first = (own.hub = await start());
  expect((await first.subscribe(TOPICS.reviews, callback)).status).toBe(202);
  await expect.poll(() => inspectStore(store, async (s) => (await s.subscriptionList()).length), { timeout: 10_000 }).toBe(1);
  await first.stop();
  const file = join(distDir, 'client/reviews.json');
  await writeFile(file, JSON.stringify(JSON.parse(await readFile(file, 'utf8')), null, 3));

  const lock = (own.lock = await lockHubDatabase(store, { except: ['hub_migration', 'meta'] }));
  const hub = (own.hub = await start());
  await hub.waitForLog(/hub: publish failed \(the database is locked by another process\); retrying in/, 15_000);
  return { hub, lock };
}

async function lockFile(dbPath: string): Promise<HubLock> {
  const locker = fork(LOCKER, [dbPath], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((done) => locker.once('exit', () => done()));
  await new Promise<void>((held, failed) => {
    locker.once('message', () => held());
    locker.once('exit', (code) => failed(new Error(`the locker exited (${code})`)));
  });
  return {
    async release() {
      if (locker.connected) locker.send('let go');
      await exited;
    },
  };
}

async function lockTables(databaseUrl: string, except: readonly string[]): Promise<HubLock> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND NOT tablename = ANY($1) ORDER BY tablename`,
    [except],
  );
  if (rows.length === 0) throw new Error(`no hub table to lock in ${databaseUrl}`);
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${rows.map((r) => r.name).join(', ')} IN ACCESS EXCLUSIVE MODE`);
  let released: Promise<void> | undefined;
  return {
    release() {
      released ??= client
        .query('ROLLBACK')
        .then(() => undefined)
        .finally(() => client.end());
      return released;
    },
  };
}
