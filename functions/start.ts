import { readBuildConfig, readServerConfig } from '../src/config.ts';
import { buildIfStale } from './build-if-stale.ts';
import { startServer } from './server.ts';

// The process entry point: the only place that reads process.env and signals.
const build = readBuildConfig(process.env);
const config = readServerConfig(process.env);

await buildIfStale({
  distDir: config.distDir,
  sources: [build.contentDir, 'src', 'astro.config.mjs', 'package-lock.json'],
  env: process.env,
});
const server = await startServer(config);
console.log(`Verified Reviews Service listening on ${server.url} (artifacts from ${config.distDir}/client)`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
