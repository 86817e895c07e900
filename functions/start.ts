import { readBuildConfig, readServerConfig } from '../src/config.ts';
import { buildIfStale } from './build-if-stale.ts';
import { startService, type RunningService } from './service.ts';

// The process entry point: the only place that reads process.env and signals.
const build = readBuildConfig(process.env);
const config = readServerConfig(process.env);

let service: RunningService | undefined;
const building = new AbortController();

// Registered before the build, so a Ctrl-C during a long build stops it cleanly too.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: shutting down`);
    building.abort();
    (service?.close() ?? Promise.resolve()).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

await buildIfStale({
  distDir: config.distDir,
  sources: [build.contentDir, 'src', 'astro.config.mjs', 'package-lock.json'],
  env: process.env,
  signal: building.signal,
});
service = await startService(config);
console.log(
  `Verified Reviews Service listening on ${service.server.url} (artifacts from ${config.distDir}/client, hub state in ${config.hub.dbPath})`,
);
