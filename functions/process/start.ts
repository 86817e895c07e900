import cluster from 'node:cluster';
import { resolve } from 'node:path';
import { localSiteUrl, readBuildConfig, readServerConfig, withEnvFile, type BuildConfig, type ServerConfig } from '../../src/config.ts';
import { isDiskFull } from '../../src/lib/disk-full.ts';
import { removeServerRecord, serverRecordPath, writeServerRecord } from '../builds/server-record.ts';
import { buildIfStale } from '../builds/build-if-stale.ts';
import { completeInterruptedSwap } from '../builds/build-output.ts';
import { watchBuild } from '../builds/build-watch.ts';
import { connectWorker, reportWorkerFailure, startPrimary, type Primary } from './cluster.ts';
import { watchParent } from './parent-watch.ts';
import { composeService, type Service } from './service.ts';
import { describeStartupFailure } from './startup-error.ts';

// The process entry point: the only place that reads process.env and signals.
// One process (WEB_CONCURRENCY=1), or a cluster's primary and, running this same file, its workers.
let config: ServerConfig;
let build: BuildConfig;
let env: NodeJS.ProcessEnv;
try {
  env = withEnvFile(process.env);
  config = readServerConfig(env);
  build = readBuildConfig(env);
} catch (error) {
  console.error(describeStartupFailure(error, { host: '?', port: 0, distDir: '?' }));
  process.exit(2);
}
const log = (message: string): void => console.log(message);
const role = cluster.isWorker ? 'worker' : config.workers > 1 ? 'primary' : 'single';

let service: Service | undefined;
let primary: Primary | undefined;
let stopping = false;
const building = new AbortController();

/** SIGTERM/SIGINT: stop accepting, finish every answer in flight (within SHUTDOWN_DRAIN_MS), then exit. */
function shutDown(why: string, drainMs = config.shutdownDrainMs): void {
  if (stopping) return;
  stopping = true;
  if (role !== 'worker') log(`${why}: shutting down (answers in flight get up to ${drainMs} ms)`);
  building.abort();
  const closing = primary?.shutDown() ?? service?.close(drainMs) ?? Promise.resolve();
  closing.then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

/** SIGHUP, or a new build.json in a read process: the service's reload (every worker's build, then the hub's publish). */
function reload(why: string): void {
  if (stopping) return;
  if (primary) return primary.reloadAndPublish();
  if (!service) return log(`${why}: not serving yet; the build being opened is the one served`);
  log(`${why}: reloading the build`);
  void service.reload().then(({ build: result }) => result.ok && log(`${why}: serving the reloaded build`));
}

// Registered before the build, so a Ctrl-C during a long build stops it cleanly too.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => shutDown(signal));
// SIGHUP is the reload signal (docs/interface.md, "Running it"), never a silent death. A worker given one reloads only itself.
process.on('SIGHUP', () => (role === 'worker' ? reloadThisWorker() : reload('SIGHUP')));

function reloadThisWorker(): void {
  void service?.artifacts
    .reload()
    .then((result) =>
      log(`worker ${process.pid}: SIGHUP, ${result.ok ? 'reloaded its build' : `kept its build: ${result.error.message}`}`),
    );
}
if (config.stopWithParent && role !== 'worker') watchParent(() => shutDown('npm, which started this server, is gone'));

try {
  if (role !== 'worker') {
    // A deploy killed in the middle of its swap left no live build: finish the swap (or put the last one back).
    const recovered = await completeInterruptedSwap(config.distDir);
    if (recovered) log(recovered);
    await buildIfStale({
      distDir: config.distDir,
      sources: [build.contentDir, 'src', 'astro.config.mjs', 'package-lock.json'],
      env,
      signal: building.signal,
    });
  }
  if (role === 'primary') {
    if (!stopping) {
      primary = startPrimary({ workers: config.workers, drainMs: config.shutdownDrainMs, log });
      await primary.ready;
    }
  } else if (role === 'worker') {
    const channel = connectWorker({
      local: () => service?.artifacts,
      reloadAndPublish: () => reload('reload'),
      shutDown: (drainMs) => shutDown('shutdown', drainMs),
      log,
    });
    service = await composeService(config, { log, reloadEverywhere: (local) => channel.reloadEverywhere(local) });
    channel.serving(service.artifacts);
  } else if (!stopping) {
    service = await composeService(config, { log });
  }
} catch (error) {
  if (stopping) process.exit(0);
  // A worker's failure is the primary's to print, once for all of them (the primary's error carries the worker's line).
  if (role === 'worker') await reportWorkerFailure(describeStartupFailure(error, config));
  else console.error(role === 'primary' ? (error as Error).message : describeStartupFailure(error, config));
  process.exit(1);
}
if (stopping) {
  await service?.close(0);
} else if (role !== 'worker') {
  log(
    `Verified Reviews Service listening on ${service?.url ?? `http://${config.host}:${config.port}`} (role ${config.role}, ${config.workers} process${config.workers > 1 ? 'es' : ''}, artifacts from ${config.distDir}/client${config.role === 'all' ? `, hub state in ${config.hub.databaseUrl ? 'Postgres (HUB_DATABASE_URL)' : config.hub.dbPath}` : ''})`,
  );
  // A read process has no hub to tell it of a deploy: it watches the build itself.
  if (config.role === 'read') watchBuild(config.distDir, () => reload('new build.json'));
  recordServer();
}

/**
 * `<DIST_DIR>.server.json` says this server serves the build: `npm run build`
 * then leaves it alone and `npm run deploy` tells this server's hub, whatever
 * HOST/PORT their shells have (docs/running.md, "One site address").
 */
function recordServer(): void {
  const live = resolve(config.distDir);
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '::1' : config.host;
  try {
    writeServerRecord(live, {
      pid: process.pid,
      url: service?.url ?? localSiteUrl(host, config.port),
      site: build.site,
    });
    process.on('exit', () => removeServerRecord(live, process.pid));
  } catch (error) {
    // Serving matters more than the record: without it, build and deploy fall back to HOST/PORT.
    log(
      `start: cannot write ${serverRecordPath(live)} (${isDiskFull(error) ? 'the disk is full' : (error as Error).message}); npm run deploy will tell the hub at HOST:PORT`,
    );
  }
}
