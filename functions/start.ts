import { readBuildConfig, readServerConfig, type BuildConfig, type ServerConfig } from '../src/config.ts';
import { buildIfStale } from './build-if-stale.ts';
import { composeService, type Service } from './service.ts';
import { describeStartupFailure } from './startup-error.ts';

// The process entry point: the only place that reads process.env and signals.
let config: ServerConfig;
let build: BuildConfig;
try {
  config = readServerConfig(process.env);
  build = readBuildConfig(process.env);
} catch (error) {
  console.error(describeStartupFailure(error, { host: '?', port: 0, distDir: '?' }));
  process.exit(2);
}

let service: Service | undefined;
let stopping = false;
const building = new AbortController();

/** SIGTERM/SIGINT: stop accepting, finish every answer in flight (within SHUTDOWN_DRAIN_MS), then exit. */
function shutDown(why: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${why}: shutting down (answers in flight get up to ${config.shutdownDrainMs} ms)`);
  building.abort();
  (service?.close(config.shutdownDrainMs) ?? Promise.resolve()).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

// Registered before the build, so a Ctrl-C during a long build stops it cleanly too.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => shutDown(signal));
// SIGHUP is the reload signal (contract section 5), never a silent death.
process.on('SIGHUP', () => {
  if (!service) return console.log('SIGHUP: not serving yet; the build being started is the one served');
  console.log('SIGHUP: reloading the build');
  void service.reload().then(({ build }) => build.ok && console.log('SIGHUP: serving the reloaded build'));
});
if (config.stopWithParent) watchParent(() => shutDown('npm, which started this server, is gone'));

try {
  await buildIfStale({
    distDir: config.distDir,
    sources: [build.contentDir, 'src', 'astro.config.mjs', 'package-lock.json'],
    env: process.env,
    signal: building.signal,
  });
  if (!stopping) service = await composeService(config);
} catch (error) {
  if (stopping) process.exit(0);
  console.error(describeStartupFailure(error, config));
  process.exit(1);
}
if (stopping) await service?.close(0);
else
  console.log(
    `Verified Reviews Service listening on ${service?.url} (role ${config.role}, artifacts from ${config.distDir}/client${config.role === 'all' ? `, hub state in ${config.hub.dbPath}` : ''})`,
  );

/**
 * `npm start` killed with SIGKILL cannot pass a signal on: the server would
 * keep the port. The parent's pid changes when it dies (the orphan is
 * adopted), so look once a second.
 */
function watchParent(gone: () => void): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) gone();
  }, 1_000).unref();
}
