/**
 * What went wrong with the hub's database, in the words an operator acts on.
 * `busy`: another connection holds the write lock (retry shortly); the rest
 * do not pass by waiting.
 */
export type StoreFault = 'busy' | 'unwritable' | 'damaged' | 'full' | 'unreachable' | 'bug';

export class StoreError extends Error {
  override name = 'StoreError';
  readonly fault: StoreFault;

  constructor(fault: StoreFault, message: string, options?: ErrorOptions) {
    super(message, options);
    this.fault = fault;
  }
}

/** A SQLite, Postgres or file-system error as a `StoreError` (a `StoreError` passes through). */
export function storeError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const fault = typeof code === 'string' ? (isSqlState(code) ? faultOfSqlState(code) : faultOf(code)) : faultOfMessage(message);
  return new StoreError(fault, typeof code === 'string' ? `${message} (${code})` : message, { cause: error });
}

function faultOf(code: string): StoreFault {
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH') return 'unwritable';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'unwritable';
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB' || code === 'SQLITE_FORMAT') return 'damaged';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return 'full';
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('E')) return 'unreachable';
  return 'bug';
}

/** Whether waiting can help: only a lock held elsewhere passes by itself. */
export function isBusy(error: unknown): boolean {
  return error instanceof StoreError && error.fault === 'busy';
}

/** Postgres answers with five-character SQLSTATE codes (the Postgres manual's appendix A). */
function isSqlState(code: string): boolean {
  return /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('E');
}

function faultOfSqlState(code: string): StoreFault {
  // Serialization failure, deadlock, lock not available, statement timeout: another transaction was in the way.
  if (code === '40001' || code === '40P01' || code === '55P03' || code === '57014') return 'busy';
  // A read-only transaction (a replica after failover, default_transaction_read_only) or missing rights.
  if (code === '25006' || code === '42501') return 'unwritable';
  if (code === '53100') return 'full';
  if (code.startsWith('XX')) return 'damaged';
  // Connection exceptions, the server shutting down or starting, too many connections, authentication.
  if (code.startsWith('08') || code.startsWith('57P') || code.startsWith('53') || code.startsWith('28') || code === '3D000')
    return 'unreachable';
  return 'bug';
}

/** The pg client's own errors carry no code: a pool that could not connect in time, a connection cut. */
function faultOfMessage(message: string): StoreFault {
  return /timeout exceeded when trying to connect|Connection terminated|connection (?:is )?(?:closed|ended)|Client has encountered a connection error/i.test(
    message,
  )
    ? 'unreachable'
    : 'bug';
}
