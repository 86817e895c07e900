import { readFileSync } from 'node:fs';
import { InputError } from '../tools/insights/cli/review-lines.ts';

/** Bad input or arguments get a message and exit 1; anything else is a bug and keeps its stack. */
export function isUsageError(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof InputError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'));
}

/** Runs a script's `main`: its number is the exit code; a usage error is one line on stderr and exit 1. */
export function runCli(name: string, main: () => number | void): void {
  try {
    process.exitCode = main() ?? 0;
  } catch (error) {
    if (!isUsageError(error)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    process.exitCode = 1;
  }
}

/** `runCli` for an async `main`. */
export async function runCliAsync(name: string, main: () => Promise<number | void>): Promise<void> {
  try {
    process.exitCode = (await main()) ?? 0;
  } catch (error) {
    if (!isUsageError(error)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    process.exitCode = 1;
  }
}

/** A file a user named, as bytes (the reader decides their encoding); a missing or unreadable one is their input error. */
export function readInputBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new InputError(`${path}: ${(error as Error).message}`);
  }
}

/** A file a user named, as text; a missing or unreadable one is their input error, not a crash. */
export function readInputFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`${path}: ${(error as Error).message}`);
  }
}
