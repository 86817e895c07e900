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
import { resolve } from 'node:path';
import pg from 'pg';
import type { StoreLocation } from '../../functions/hub/store/index.ts';

const LOCKER = resolve(import.meta.dirname, 'sqlite-locker.ts');

export interface HubLock {
  release(): Promise<void>;
}

/** `except`: Postgres tables left free (the SQLite lock is the whole file's). The tables must exist: open a store there first. */
export async function lockHubDatabase(store: StoreLocation, options: { except?: readonly string[] } = {}): Promise<HubLock> {
  return store.databaseUrl ? lockTables(store.databaseUrl, options.except ?? []) : lockFile(store.dbPath);
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
