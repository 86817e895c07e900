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

/** A SQLite or file-system error as a `StoreError` (a `StoreError` passes through). */
export function storeError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const fault = typeof code === 'string' ? faultOf(code) : 'bug';
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
