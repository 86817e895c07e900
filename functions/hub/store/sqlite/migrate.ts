import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database as Db } from 'better-sqlite3';

const MIGRATIONS = join(import.meta.dirname, 'migrations');

/**
 * Applies `migrations/NNN-*.sql` above the file's `user_version`, each in its
 * own transaction. The version is read again inside each transaction: two
 * workers starting on a new file both find work to do, and the second, once
 * it has the lock, finds the first has done it.
 */
export function migrate(db: Db): void {
  const files = readdirSync(MIGRATIONS)
    .filter((f) => /^\d{3}-.+\.sql$/.test(f))
    .sort();
  const version = () => db.pragma('user_version', { simple: true }) as number;
  for (const file of files) {
    const target = Number(file.slice(0, 3));
    if (target <= version()) continue;
    const sql = readFileSync(join(MIGRATIONS, file), 'utf8');
    db.transaction(() => {
      if (target <= version()) return;
      db.exec(sql);
      db.pragma(`user_version = ${target}`);
    }).immediate();
  }
}
