import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PoolClient } from 'pg';

const MIGRATIONS = join(import.meta.dirname, 'migrations');
/** One advisory lock key for every node's migration: the first to start applies them, the others wait and find them done. */
const MIGRATION_LOCK = 7_331_000_001;

/**
 * Applies `migrations/NNN-*.sql` above the highest version recorded in
 * `hub_migration`, in one transaction (Postgres's DDL is transactional)
 * under one advisory lock, so nodes starting together on a new database
 * migrate it once and a failed migration leaves nothing half done.
 */
export async function migrate(client: PoolClient): Promise<void> {
  const files = readdirSync(MIGRATIONS)
    .filter((f) => /^\d{3}-.+\.sql$/.test(f))
    .sort();
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS hub_migration (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM hub_migration');
    const current = rows[0]?.version ?? 0;
    for (const file of files) {
      const target = Number(file.slice(0, 3));
      if (target <= current) continue;
      await client.query(readFileSync(join(MIGRATIONS, file), 'utf8'));
      await client.query('INSERT INTO hub_migration (version) VALUES ($1)', [target]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
