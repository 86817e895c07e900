/**
 * `npm run build`: checks `content/`, builds beside the live build
 * (`<DIST_DIR>.next`) and swaps it in only on success, so a failed build never
 * touches the last good one. Content problems are printed one a line.
 */
import { readServerConfig } from '../src/config.ts';
import { BuildFailedError, buildBeside } from '../functions/builds/build-if-stale.ts';

const { distDir } = readServerConfig(process.env);
try {
  await buildBeside(distDir, process.env);
  console.log(`build: ${distDir} is the new build (the last one is in ${distDir}.previous)`);
} catch (error) {
  if (!(error instanceof BuildFailedError)) throw error;
  console.error(`build: ${error.message}; ${distDir} is unchanged`);
  process.exitCode = 1;
}
