import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openHubStore, type HubStore, type StoreLocation } from '../../functions/hub/store/index.ts';
import { CallbackServer } from './callback-server.ts';
import { FIXTURE_DIST } from './paths.ts';
import { runPostgres } from './run-postgres.ts';
import { createTestPki, type TestPki } from './test-ca.ts';

const ENTRY = resolve(import.meta.dirname, 'hub-process.ts');
/** The site the global setup builds for: topics hang off it. */
export const SITE = 'http://localhost:4321';
export const TOPICS = { atom: `${SITE}/feed.xml`, jsonFeed: `${SITE}/api/feed.json`, reviews: `${SITE}/reviews.json` } as const;
export const HUB_URL = `${SITE}/api/websub/hub`;

/** Short timers so failures, retries and expiry play out in a test's time. */
export const FAST_HUB_ENV: Record<string, string> = {
  HUB_ALLOW_PRIVATE_CALLBACKS: '1',
  HUB_DELIVERY_TIMEOUT_MS: '1000',
  HUB_RETRY_DELAYS_MS: '100,200',
  HUB_LEASE_MIN_S: '1',
  HUB_RATE_LIMIT_PER_MIN: '0',
};

export interface HubAnswer {
  status: number;
  text: string;
  headers: Headers;
}

/** The service (server + hub) in a child process started with the test CA in NODE_EXTRA_CA_CERTS. */
export class HubProcess {
  readonly logs: string[] = [];
  url = '';
  readonly #child: ChildProcess;
  readonly #exited: Promise<void>;

  private constructor(child: ChildProcess) {
    this.#child = child;
    this.#exited = new Promise((done) => child.once('exit', () => done()));
  }

  static async start(options: {
    distDir: string;
    dbPath: string;
    /** Hub state in this Postgres database (`HUB_DATABASE_URL`) instead of the SQLite file at `dbPath`. */
    databaseUrl?: string | undefined;
    caFile: string;
    env?: Record<string, string>;
    hosts?: Record<string, string>;
    /**
     * Bound by files' permissions, as an operator's service user is: for root,
     * without the capabilities that let it past them (`withoutRootOverrides`);
     * an ordinary user already is.
     */
    restricted?: boolean;
    /** Resolve once the server listens, not waiting for the hub to open its database (default: wait for it). */
    listeningOnly?: boolean;
  }): Promise<HubProcess> {
    const child = fork(ENTRY, [JSON.stringify(options.hosts ?? {})], {
      ...(options.restricted ? withoutRootOverrides() : {}),
      env: {
        PATH: process.env.PATH,
        NODE_EXTRA_CA_CERTS: options.caFile,
        HOST: '127.0.0.1',
        PORT: '0',
        DIST_DIR: options.distDir,
        HUB_DB_PATH: options.dbPath,
        ...(options.databaseUrl ? { HUB_DATABASE_URL: options.databaseUrl } : {}),
        ...FAST_HUB_ENV,
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const hub = new HubProcess(child);
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`hub process did not start in 20 s:\n${hub.logs.join('\n')}`)), 20_000);
      child.on('message', (message: { listening?: string; url?: string; log?: string }) => {
        if (message.log) hub.logs.push(message.log);
        const url = options.listeningOnly ? message.listening : message.url;
        if (url) {
          hub.url = url;
          clearTimeout(timer);
          ready();
        }
      });
      child.once('exit', (code) => fail(new Error(`hub process exited (${code}) before listening:\n${hub.logs.join('\n')}`)));
    });
    return hub;
  }

  /** POSTs a form to the hub endpoint. */
  async post(form: Record<string, string | string[]>): Promise<HubAnswer> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) for (const v of [value].flat()) body.append(name, v);
    const response = await fetch(`${this.url}/api/websub/hub`, { method: 'POST', body });
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  subscribe(topic: string, callback: string, extra: Record<string, string> = {}): Promise<HubAnswer> {
    return this.post({ 'hub.mode': 'subscribe', 'hub.topic': topic, 'hub.callback': callback, ...extra });
  }

  /** Waits (bounded) for a log line matching `pattern`, among those from index `from` on (`logs.length` before an action: its own line). */
  async waitForLog(pattern: RegExp, timeoutMs = 10_000, from = 0): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const line = this.logs.slice(from).find((l) => pattern.test(l));
      if (line) return line;
      if (Date.now() > deadline) throw new Error(`no log line matching ${pattern} in ${timeoutMs} ms:\n${this.logs.join('\n')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  get pid(): number {
    return this.#child.pid as number;
  }

  /** kill -9: no shutdown code runs. */
  async kill(): Promise<void> {
    this.#child.kill('SIGKILL');
    await this.#exited;
  }

  /** Graceful stop, bounded: SIGKILL after 10 s. */
  async stop(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    this.#child.disconnect();
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 10_000);
    await this.#exited;
    clearTimeout(timer);
  }
}

/** Capabilities that let root read, write and chmod files whatever their modes say. */
const FILE_OVERRIDES = ['dac_override', 'dac_read_search', 'fowner'];
/** util-linux's setpriv, which drops capabilities from a command's bounding set. */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));

/**
 * Whether this process can start a child bound by files' permissions: any
 * ordinary user, or root where setpriv can drop root's overrides.
 */
export const CAN_RESTRICT = process.getuid?.() !== 0 || SETPRIV !== undefined;

/**
 * For root: the child runs as root but without the capabilities that pass
 * permission checks, so a read-only folder is read-only to it, as to a
 * service user. It stays the owner of the clone's files, so it runs from a
 * clone inside a mode-700 folder, where another user (`nobody`) could not
 * even execute Node. For anyone else: nothing to change.
 */
function withoutRootOverrides(): { execPath?: string; execArgv?: string[] } {
  if (process.getuid?.() !== 0) return {};
  if (!SETPRIV) throw new Error('running as root without setpriv (util-linux): cannot drop root’s file permission overrides');
  return {
    execPath: SETPRIV,
    execArgv: [`--bounding-set=${FILE_OVERRIDES.map((c) => `-${c}`).join(',')}`, '--', process.execPath, ...process.execArgv],
  };
}

/** Reads the hub's database from the test process (a SQLite file's path, which WAL lets it read beside the running hub, or a location naming Postgres). */
export async function inspectStore<T>(where: string | StoreLocation, read: (store: HubStore) => Promise<T>): Promise<T> {
  const store = await openHubStore(typeof where === 'string' ? { dbPath: where } : where);
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

/** A scratch folder with a copy of the fixture build, a test PKI and a callback server. */
export interface HubFixture {
  dir: string;
  distDir: string;
  dbPath: string;
  /** Where the hub's state is: this fixture's SQLite file, or its Postgres database (`inspectStore` reads either). */
  store: StoreLocation;
  pki: TestPki;
  callbacks: CallbackServer;
  /** A hub process serving this fixture's build and database, trusting its CA. */
  startHub(options?: {
    env?: Record<string, string>;
    hosts?: Record<string, string>;
    distDir?: string;
    listeningOnly?: boolean;
  }): Promise<HubProcess>;
  /** Stops every hub started through startHub, closes the callback server, removes the folder. */
  cleanUp(): Promise<void>;
}

export interface HubFixtureOptions {
  /** Host names the callbacks' certificate covers besides 127.0.0.1 (default: localhost, callback.test). */
  names?: readonly string[];
  /** Hub state in this Postgres database (`HUB_DATABASE_URL`) instead of the fixture's SQLite file. */
  databaseUrl?: string | undefined;
}

export async function hubFixture(options: HubFixtureOptions = {}): Promise<HubFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'hub-'));
  const distDir = join(dir, 'dist');
  await cp(FIXTURE_DIST, distDir, { recursive: true });
  const pki = await createTestPki(dir, options.names);
  const callbacks = await CallbackServer.start(pki);
  const dbPath = join(dir, 'hub.db');
  const store: StoreLocation = { dbPath, databaseUrl: options.databaseUrl };
  const hubs: HubProcess[] = [];
  return {
    dir,
    distDir,
    dbPath,
    store,
    pki,
    callbacks,
    async startHub(start = {}) {
      const hub = await HubProcess.start({ distDir, dbPath, databaseUrl: options.databaseUrl, caFile: pki.caFile, ...start });
      hubs.push(hub);
      return hub;
    },
    async cleanUp() {
      for (const hub of hubs) await hub.stop();
      await callbacks.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Waits (bounded) until `check` is true. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The hub's two engines: the integration suites that run against both. */
export const ENGINES = ['sqlite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

/** For a hub on Postgres, a new database on the run's server (`drop` removes it); for SQLite, none: the hub's file is its state. */
export async function engineDatabase(engine: Engine): Promise<{ databaseUrl: string | undefined; drop(): Promise<void> }> {
  if (engine === 'sqlite') return { databaseUrl: undefined, drop: async () => {} };
  const postgres = runPostgres();
  const databaseUrl = await postgres.createDatabase();
  return { databaseUrl, drop: () => postgres.dropDatabase(databaseUrl) };
}

/** A hub fixture on `engine`: for Postgres, on a database of its own on the run's server (dropped by `cleanUp`). */
export async function engineFixture(engine: Engine, options: Omit<HubFixtureOptions, 'databaseUrl'> = {}): Promise<HubFixture> {
  const database = await engineDatabase(engine);
  const fx = await hubFixture({ ...options, databaseUrl: database.databaseUrl });
  return {
    ...fx,
    async cleanUp() {
      await fx.cleanUp();
      await database.drop();
    },
  };
}
