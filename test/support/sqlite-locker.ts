/**
 * Another process holding a SQLite file's write lock, as an operator's
 * backup or a stuck script would: `fork('test/support/sqlite-locker.ts', [file])`.
 * Sends 'held' once `BEGIN EXCLUSIVE` succeeds; lets go on any message or
 * when its parent goes. With `migrate <ms>`: another hub worker starting on
 * a new file, which migrates it inside its lock and commits after `ms`.
 */
import Database from 'better-sqlite3';
import { migrate } from '../../functions/hub/store/sqlite/migrate.ts';

const [file, mode, ms] = process.argv.slice(2);
const db = new Database(file as string);
db.pragma('journal_mode = WAL');
db.exec('BEGIN EXCLUSIVE');
if (mode === 'migrate') {
  // Inside the lock, as a worker that got there first would (migrate's own transactions nest as savepoints).
  migrate(db);
  setTimeout(() => {
    db.exec('COMMIT');
    db.close();
    process.exit(0);
  }, Number(ms));
}
process.send?.('held');
const release = (): void => {
  if (db.inTransaction) db.exec('ROLLBACK');
  db.close();
  process.exit(0);
};
process.on('message', release);
process.on('disconnect', release);
