import { readBuildConfig, readServerConfig } from '../src/config.ts';
import { buildIfStale } from './build-if-stale.ts';
import { readBuildSite } from './build-info.ts';
import { mcpRoutes } from './mcp/endpoint.ts';
import { startServer, type RunningServer } from './server.ts';

// The process entry point: the only place that reads process.env and signals.
const build = readBuildConfig(process.env);
const config = readServerConfig(process.env);

// eslint-disable-next-line prefer-const -- assigned after the build, read by the signal handlers registered before it.
let server: RunningServer | undefined;
const building = new AbortController();

// Registered before the build, so a Ctrl-C during a long build stops it cleanly too.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: shutting down`);
    building.abort();
    (server?.close() ?? Promise.resolve()).then(
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
const site = readBuildSite(config.distDir);
server = await startServer({
  ...config,
  routes: (artifacts, listening) => mcpRoutes(artifacts, { site, sessionSecret: config.mcpSessionSecret, allowedOrigins: config.mcpAllowedOrigins, listening }),
});
console.log(`Verified Reviews Service listening on ${server.url} (artifacts from ${config.distDir}/client)`);
