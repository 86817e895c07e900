/**
 * `npm run build`: checks `content/`, builds beside the live build
 * (`<DIST_DIR>.next`) for the one site address (SITE_URL or HOST/PORT, from
 * the environment or `.env`, else the address the live build records) and
 * swaps it in only on success, so a failed build never touches the last good
 * one. A build a running server serves is not replaced: the new one is
 * checked, and `npm run deploy` publishes it. Content problems are printed one
 * a line; a full disk is one line too.
 */
import { resolve } from 'node:path';
import { readBuildConfig, readServerConfig, withEnvFile } from '../src/config.ts';
import { diskFullLine, isDiskFull } from '../src/lib/disk-full.ts';
import { BuildFailedError, buildBeside } from '../functions/builds/build-if-stale.ts';
import { siteAddress } from '../functions/builds/site-address.ts';

const env = withEnvFile(process.env);
const { distDir } = readServerConfig(env);
const { site, from } = siteAddress(readBuildConfig(env), resolve(distDir));
try {
  console.log(`build: building for ${site} (${from})`);
  const result = await buildBeside(distDir, env, { site, unlessServed: true });
  if (result.swapped) {
    console.log(`build: ${distDir} is the new build (the last one is in ${distDir}.previous)`);
  } else {
    console.log(
      `build: the content builds, but ${distDir} is what the server at ${result.server.url} (pid ${result.server.pid}) serves: ` +
        `it is unchanged; npm run deploy builds, swaps and reloads the server`,
    );
  }
} catch (error) {
  if (!(error instanceof BuildFailedError) && !isDiskFull(error)) throw error;
  console.error(`build: ${error instanceof BuildFailedError ? error.message : diskFullLine(error)}; ${distDir} is unchanged`);
  process.exitCode = 1;
}
