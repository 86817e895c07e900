import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { ArtifactsHolder, ReloadResult } from '../builds/artifacts.ts';

/**
 * `WEB_CONCURRENCY=N`: N workers answer on one port (`node:cluster`, the
 * primary hands out connections). The primary serves nothing itself: it
 * starts the workers, starts another when one dies, relays reloads, and on
 * SIGTERM/SIGINT has every worker drain its answers before it exits.
 *
 * A reload reaches every worker before anything is published: the worker
 * that takes a publish asks the primary for `reload-all`, the primary has
 * each worker reload and waits for every acknowledgement (a worker that dies
 * meanwhile counts as done: its successor loads the new build when it
 * starts), and only then answers; the hub then pushes.
 */

type ToWorker =
  | { vrs: 'reload'; id: number }
  | { vrs: 'reload-all-done'; id: number; ok: boolean; error?: string }
  | { vrs: 'reload-and-publish' }
  | { vrs: 'shutdown'; drainMs: number };

type ToPrimary =
  { vrs: 'reload-all'; id: number } | { vrs: 'reloaded'; id: number; ok: boolean; error?: string } | { vrs: 'failed'; message: string };

/** A worker that dies within this long of its start is crash-looping: the next one waits longer (up to 30 s). */
const QUICK_DEATH_MS = 5_000;

export interface PrimaryOptions {
  workers: number;
  /** How long a shutdown waits for every worker to finish its answers before it kills the rest. */
  drainMs: number;
  log: (message: string) => void;
  /** Environment for the workers beyond this process's own. */
  env?: Record<string, string>;
}

export interface Primary {
  /** SIGHUP or a changed build: one worker runs the service's reload (every worker's build, then its hub's publish). */
  reloadAndPublish(): void;
  /** Resolves once every worker has exited. */
  shutDown(): Promise<void>;
  /** Resolves once N workers listen; rejects when the first ones die before listening (a start-up failure, said once). */
  ready: Promise<void>;
}

export function startPrimary(options: PrimaryOptions): Primary {
  const { log } = options;
  // Signed MCP sessions: every worker must sign with the same key, so one made on one worker is accepted by the others.
  const env = { MCP_SESSION_SECRET: randomBytes(32).toString('base64url'), ...options.env };
  let stopping = false;
  let quickDeaths = 0;
  const started = new Map<number, number>();
  const listening = new Set<number>();
  let everListened = false;
  /** What the first worker that could not start said (they all fail alike: the port, the build). */
  let failure: string | undefined;
  /** reload-all requests: who asked, and which workers have yet to answer. */
  const broadcasts = new Map<number, { from: Worker; askerId: number; waiting: Set<number>; errors: string[] }>();
  let nextBroadcast = 1;

  const fork = (): void => {
    const worker = cluster.fork(env);
    started.set(worker.id, Date.now());
    worker.on('message', (message: ToPrimary) => onMessage(worker, message));
  };

  let readyResolve: () => void = () => {};
  let readyReject: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });

  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    quickDeaths = 0;
    log(`worker ${worker.process.pid} listening on ${address.address}:${address.port}`);
    if (!everListened && !stopping && Object.keys(cluster.workers ?? {}).length < options.workers) fork();
    if (listening.size >= options.workers && !everListened) {
      everListened = true;
      readyResolve();
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    for (const [id, broadcast] of broadcasts) {
      if (broadcast.waiting.delete(worker.id)) settle(id);
    }
    if (stopping) return;
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (!everListened) {
      // Every worker fails the same way at start-up (the port is taken, the build is missing): one report, then stop.
      stopping = true;
      readyReject(new Error(failure ?? `a worker exited before listening (${signal ?? `exit code ${code}`})`));
      for (const other of Object.values(cluster.workers ?? {})) other?.kill('SIGTERM');
      return;
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 0 : Math.min(30_000, 250 * 2 ** quickDeaths);
    log(`worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another${delay ? ` in ${delay} ms` : ''}`);
    setTimeout(() => !stopping && fork(), delay);
  });

  function onMessage(worker: Worker, message: ToPrimary): void {
    if (message?.vrs === 'failed') {
      failure ??= message.message;
    } else if (message?.vrs === 'reload-all') {
      const id = nextBroadcast++;
      const targets = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w.isConnected());
      broadcasts.set(id, { from: worker, askerId: message.id, waiting: new Set(targets.map((w) => w.id)), errors: [] });
      for (const target of targets) send(target, { vrs: 'reload', id });
      settle(id);
    } else if (message?.vrs === 'reloaded') {
      const broadcast = broadcasts.get(message.id);
      if (!broadcast) return;
      if (!message.ok) broadcast.errors.push(`worker ${worker.process.pid}: ${message.error ?? 'reload failed'}`);
      broadcast.waiting.delete(worker.id);
      settle(message.id);
    }
  }

  function settle(id: number): void {
    const broadcast = broadcasts.get(id);
    if (!broadcast || broadcast.waiting.size > 0) return;
    broadcasts.delete(id);
    if (broadcast.from.isConnected()) {
      send(broadcast.from, {
        vrs: 'reload-all-done',
        id: broadcast.askerId,
        ok: broadcast.errors.length === 0,
        ...(broadcast.errors.length ? { error: broadcast.errors.join('; ') } : {}),
      });
    }
  }

  // One after another: each opens the hub's database (and migrates a new one) and loads the build alone,
  // so workers never race on a schema nor hold two loads' garbage at once.
  fork();

  return {
    ready,
    reloadAndPublish() {
      const worker = Object.values(cluster.workers ?? {}).find((w) => w && listening.has(w.id) && w.isConnected());
      if (worker) send(worker, { vrs: 'reload-and-publish' });
      else log('reload: no worker is listening yet; the ones starting load the current build');
    },
    shutDown() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      const exits = workers.map((w) => (w.isDead() ? Promise.resolve() : new Promise<void>((done) => w.once('exit', () => done()))));
      for (const worker of workers) if (worker.isConnected()) send(worker, { vrs: 'shutdown', drainMs: options.drainMs });
      // Past the drain limit (and a little for the hub to stop), a worker that has not exited is killed.
      const kill = setTimeout(() => {
        for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
      }, options.drainMs + 5_000);
      return Promise.all(exits).then(() => clearTimeout(kill));
    },
  };
}

function send(worker: Worker, message: ToWorker): void {
  try {
    worker.send(message);
  } catch {
    // The worker is going away; its exit settles what waited for it.
  }
}

/** A worker that cannot start tells the primary why (one line, which the primary prints once), then exits. */
export function reportWorkerFailure(message: string): Promise<void> {
  return new Promise((done) => {
    if (!process.connected || !process.send) return done();
    process.send({ vrs: 'failed', message } satisfies ToPrimary, () => done());
  });
}

export interface WorkerChannel {
  /** The service's reloadEverywhere: asks the primary to reload every worker, resolves when all have. */
  reloadEverywhere(local: ArtifactsHolder): Promise<ReloadResult>;
  /** The service is composed: answer the reloads that arrived while it was starting, after reloading. */
  serving(local: ArtifactsHolder): void;
}

/** A worker's side: answers the primary's reload and shutdown, and asks it for reloads of every worker. */
export function connectWorker(handlers: {
  local: () => ArtifactsHolder | undefined;
  reloadAndPublish: () => void;
  shutDown: (drainMs: number) => void;
  log: (message: string) => void;
}): WorkerChannel {
  const waiting = new Map<number, (result: ReloadResult) => void>();
  let next = 1;
  /** Reloads asked for before this worker's service was composed: its build may have been opened before the swap. */
  const early: number[] = [];
  const reload = (id: number, local: ArtifactsHolder): void => {
    void local.reload().then((result) => {
      if (result.ok) handlers.log(`worker ${process.pid}: reloaded the build`);
      if (process.connected)
        process.send?.({ vrs: 'reloaded', id, ok: result.ok, ...(result.ok ? {} : { error: result.error.message }) } satisfies ToPrimary);
    });
  };
  process.on('message', (message: ToWorker) => {
    if (message?.vrs === 'reload') {
      const local = handlers.local();
      if (local) reload(message.id, local);
      else early.push(message.id);
    } else if (message?.vrs === 'reload-all-done') {
      waiting.get(message.id)?.(message.ok ? { ok: true } : { ok: false, error: new Error(message.error ?? 'reload failed') });
      waiting.delete(message.id);
    } else if (message?.vrs === 'reload-and-publish') {
      handlers.reloadAndPublish();
    } else if (message?.vrs === 'shutdown') {
      handlers.shutDown(message.drainMs);
    }
  });
  return {
    serving(local) {
      for (const id of early.splice(0)) reload(id, local);
    },
    reloadEverywhere(local) {
      // The primary is gone (this worker is about to stop too): this worker's own build is all there is.
      if (!process.connected) return local.reload();
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        process.send?.({ vrs: 'reload-all', id });
      });
    },
  };
}
