import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * `<DIST_DIR>.server.json`: the server serving a build folder says so beside
 * it, once it listens (and removes it as it stops). `npm run build` then
 * never swaps a build under it unseen, and `npm run deploy` tells the hub of
 * the server that is actually running, whatever `HOST`/`PORT` its own shell
 * has (docs/running.md, "One site address").
 */
const ServerRecordSchema = z.object({
  pid: z.int(),
  /** Where the server answers, for a process on this machine (a wildcard host is the loopback address). */
  url: z.url(),
  /** The address this server builds for (SITE_URL, else its HOST:PORT): what build and deploy build for. */
  site: z.url(),
});
export type ServerRecord = z.infer<typeof ServerRecordSchema>;

export const serverRecordPath = (live: string): string => `${live}.server.json`;

/** Written whole or not at all: a temporary file renamed into place (a full disk leaves nothing behind). */
export function writeServerRecord(live: string, record: ServerRecord): void {
  const path = serverRecordPath(live);
  const temp = `${path}.${record.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(record) + '\n');
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Removes the record if it is this process's (a newer server's record stays). */
export function removeServerRecord(live: string, pid: number): void {
  if (readRecord(live)?.pid === pid) rmSync(serverRecordPath(live), { force: true });
}

/** The server serving `live` on this machine now, or undefined (no record, or its process is gone). */
export function runningServer(live: string): ServerRecord | undefined {
  const record = readRecord(live);
  return record && record.pid !== process.pid && isAlive(record.pid) ? record : undefined;
}

function readRecord(live: string): ServerRecord | undefined {
  try {
    const parsed = ServerRecordSchema.safeParse(JSON.parse(readFileSync(serverRecordPath(live), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
