import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database as Db } from 'better-sqlite3';

const MIGRATIONS = join(import.meta.dirname, 'migrations');

/** Applies `migrations/NNN-*.sql` above the file's `user_version`, each in its own transaction. */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const files = readdirSync(MIGRATIONS)
    .filter((f) => /^\d{3}-.+\.sql$/.test(f))
    .sort();
  for (const file of files) {
    const version = Number(file.slice(0, 3));
    if (version <= current) continue;
    const sql = readFileSync(join(MIGRATIONS, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    }).immediate();
  }
}
