/**
 * The test run's one PostgreSQL server, started by the global setup
 * (`test/global-setup.ts`): starting one per file would cost an initdb and
 * a start each. Each test file takes databases of its own on it
 * (`createDatabase`) and drops them when done; a test that stops or
 * restarts Postgres starts a server of its own (`startPostgres`).
 */
import { inject } from 'vitest';
import { postgresAt, type PostgresServer } from './hub-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Postgres server's port, or why it did not start (only the tests that use it fail then). */
    hubPostgres: { port: number } | { error: string };
  }
}

export function runPostgres(): PostgresServer {
  const provided = inject('hubPostgres');
  if ('error' in provided) throw new Error(`the test run's Postgres server did not start: ${provided.error}`);
  return postgresAt(provided.port);
}
