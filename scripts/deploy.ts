/**
 * `npm run deploy`: the owner's publish step. Takes the deploy lock (one
 * deploy at a time), builds the site beside the live one (`<DIST_DIR>.next`),
 * swaps it in whole, then tells the running hub (`hub.mode=publish`), which
 * reloads the build into every worker and pushes every topic whose bytes
 * changed.
 *
 * The address it builds for is the one `npm run build` uses (SITE_URL or
 * HOST/PORT from the environment or `.env`, else the address the live build
 * records), and the hub it tells is the server's that records itself beside
 * the build (`<DIST_DIR>.server.json`), else DEPLOY_HUB_URL or HOST/PORT. When
 * a running server cannot be told, the last build is put back, so the disk
 * never holds a build the server does not serve and `<DIST_DIR>.previous`
 * stays the build that was live before.
 *
 * Stopping it (SIGTERM, SIGINT, SIGHUP, or npm around it going away) is clean
 * at every step: during the build it stops the build, removes the half-made
 * folder and leaves the live build as it was; once the swap has begun it
 * finishes the swap and tells the hub, so the server never serves one build
 * while the disk holds another; either way it says what happened and exits
 * non-zero. A deploy killed with SIGKILL in the middle of its swap is finished
 * by `npm start` or by the next deploy (functions/builds/build-output.ts).
 */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readBuildConfig, readDeployConfig, withEnvFile } from '../src/config.ts';
import { diskFullLine, isDiskFull } from '../src/lib/disk-full.ts';
import { PATHS } from '../src/lib/endpoints.ts';
import { BuildFailedError, buildInto, checkContent } from '../functions/builds/build-if-stale.ts';
import {
  acquireDeployLock,
  buildFolders,
  completeInterruptedSwap,
  DeployLockedError,
  staleLockLine,
  swapBack,
  swapIn,
} from '../functions/builds/build-output.ts';
import { runningServer } from '../functions/builds/server-record.ts';
import { siteAddress } from '../functions/builds/site-address.ts';
import { watchParent } from '../functions/process/parent-watch.ts';

const env = withEnvFile(process.env);
const config = readDeployConfig(env);
const { live, next, previous } = buildFolders(resolve(config.distDir));
const { site, from } = siteAddress(readBuildConfig(env), live);

let release: () => void = () => {};
try {
  release = acquireDeployLock(live, (holder) => console.log(`deploy: ${staleLockLine(holder)}`));
} catch (error) {
  const why = error instanceof DeployLockedError ? error.message : isDiskFull(error) ? diskFullLine(error) : String(error);
  console.error(`deploy: ${why}; the live build in ${live} is unchanged`);
  process.exit(1);
}

/** Past the build, a stop waits for the swap and the hub's publish to end. */
let phase: 'building' | 'swapping' = 'building';
let stoppedBy: string | undefined;
const building = new AbortController();
const stop = (why: string): void => {
  if (stoppedBy) return;
  stoppedBy = why;
  if (phase === 'building') {
    console.error(`deploy: ${why}: stopping the build`);
    building.abort();
  } else {
    console.error(`deploy: ${why} during the swap: finishing it and telling the hub first`);
  }
};
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
if (config.stopWithParent) watchParent(() => stop('npm, which started this deploy, is gone'));

const failed: (message: string) => never = (message) => {
  release();
  console.error(`deploy: ${message}`);
  process.exit(1);
};

const recovered = await completeInterruptedSwap(live);
if (recovered) console.log(`deploy: ${recovered}`);

// Content problems are printed one a line before anything is built.
await checkContent(env).catch((error: unknown) =>
  failed(`${error instanceof BuildFailedError ? error.message : String(error)}; the live build in ${live} is unchanged`),
);

console.log(`deploy: building into ${next} for ${site} (${from})`);
try {
  await buildInto(next, { ...env, SITE_URL: site }, building.signal);
} catch (error) {
  failed(
    stoppedBy
      ? `stopped (${stoppedBy}) before the swap: the live build in ${live} is unchanged`
      : `${error instanceof Error ? error.message : String(error)}; the live build in ${live} is unchanged`,
  );
}
if (stoppedBy) {
  await rm(next, { recursive: true, force: true });
  failed(`stopped (${stoppedBy}) before the swap: the live build in ${live} is unchanged`);
}

phase = 'swapping';
const server = runningServer(live);
const hubUrl = config.hubUrl ?? (server ? `${server.url}${PATHS.hub}` : config.localHubUrl);
console.log(`deploy: swapping ${next} in`);
await swapIn(live);
console.log(`deploy: ${live} is the new build (the last one is in ${previous})`);

const response = await fetch(hubUrl, {
  method: 'POST',
  body: new URLSearchParams({ 'hub.mode': 'publish' }),
  signal: AbortSignal.timeout(30_000),
}).catch((error: unknown) => error as Error);
if (response instanceof Error && !server && !config.hubUrl) {
  // No server records itself beside the build and none answers: the next npm start serves the new build.
  release();
  console.log(`deploy: no server answers at ${hubUrl} (${describe(response)}); npm start serves the new build`);
  process.exit(stoppedBy ? 1 : 0);
}
if (response instanceof Error) {
  // A running server that was not told still serves the last build from memory: the disk goes back to it.
  await swapBack(live);
  failed(
    `telling the hub at ${hubUrl} failed (${describe(response)}): put the last build back in ${live}, which the server still serves; run npm run deploy again`,
  );
}
if (response.status !== 202) {
  // An answer from the hub says itself what happened (a build it could not load, a publish it retries).
  failed(`the new build is on disk, but telling the hub at ${hubUrl} failed (${response.status} ${await response.text()})`);
}
release();
// The hub answers once every worker has reloaded and the changes are recorded, saying what it pushes.
console.log(`deploy: told the hub at ${hubUrl}: ${(await response.text()).trim()}`);
if (stoppedBy) {
  console.error(`deploy: stopped (${stoppedBy}) after the swap had begun; it was finished and the hub was told`);
  process.exit(1);
}

function describe(error: Error): string {
  return `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`;
}
