/**
 * Whether an error is the file system saying it has no room: ENOSPC (no space
 * left) or EDQUOT (the user's quota is spent). Every command says the same one
 * line for it, instead of a stack trace (docs/running.md, "A full disk").
 */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || (error instanceof Error && /\bENOSPC\b|no space left on device/i.test(error.message));
}

/** `the disk is full (no space left writing dist.next/…)`: the one line every command prints for a full disk. */
export function diskFullLine(error: unknown): string {
  const path = (error as { path?: unknown } | null)?.path;
  return `the disk is full${typeof path === 'string' ? ` (no space left writing ${path})` : ''}: free some space and run the command again`;
}
