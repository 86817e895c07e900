/**
 * `npm run deploy`: the owner's publish step. Takes the deploy lock (one
 * deploy at a time), builds the site beside the live one (`<DIST_DIR>.next`),
 * swaps it in whole, then tells the running hub (`hub.mode=publish`), which
 * reloads the build into every worker and pushes every topic whose bytes
 * changed.
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
import { readDeployConfig } from '../src/config.ts';
import { BuildFailedError, checkContent, runAstroBuild } from '../functions/builds/build-if-stale.ts';
import {
  acquireDeployLock,
  buildFolders,
  completeInterruptedSwap,
  DeployLockedError,
  isCompleteBuild,
  swapIn,
} from '../functions/builds/build-output.ts';
import { watchParent } from '../functions/process/parent-watch.ts';

const config = readDeployConfig(process.env);
const { live, next, previous } = buildFolders(resolve(config.distDir));

let release: () => void = () => {};
try {
  release = acquireDeployLock(live, (holder) => console.log(`deploy: taking over the lock of pid ${holder.pid}, which is gone`));
} catch (error) {
  console.error(`deploy: ${error instanceof DeployLockedError ? error.message : String(error)}`);
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

const failed = (message: string): never => {
  release();
  console.error(`deploy: ${message}`);
  process.exit(1);
};

const recovered = await completeInterruptedSwap(live);
if (recovered) console.log(`deploy: ${recovered}`);

// Content problems are printed one a line before anything is built.
await checkContent(process.env).catch((error: unknown) =>
  failed(`${error instanceof BuildFailedError ? error.message : String(error)}; the live build in ${live} is unchanged`),
);

await rm(next, { recursive: true, force: true });
console.log(`deploy: building into ${next}`);
try {
  await runAstroBuild(next, process.env, building.signal);
} catch (error) {
  await rm(next, { recursive: true, force: true });
  failed(
    stoppedBy
      ? `stopped (${stoppedBy}) before the swap: the live build in ${live} is unchanged`
      : `${error instanceof Error ? error.message : String(error)}; the live build in ${live} is unchanged`,
  );
}
// A build that produced no dataset must not replace a working one.
if (!(await isCompleteBuild(next))) {
  await rm(next, { recursive: true, force: true });
  failed(`the build in ${next} has no build.json or client/reviews.json; the live build in ${live} is unchanged`);
}
if (stoppedBy) {
  await rm(next, { recursive: true, force: true });
  failed(`stopped (${stoppedBy}) before the swap: the live build in ${live} is unchanged`);
}

phase = 'swapping';
console.log(`deploy: swapping ${next} in`);
await swapIn(live);
console.log(`deploy: ${live} is the new build (the last one is in ${previous})`);

const response = await fetch(config.hubUrl, {
  method: 'POST',
  body: new URLSearchParams({ 'hub.mode': 'publish' }),
  signal: AbortSignal.timeout(30_000),
}).catch((error: unknown) => error as Error);
if (response instanceof Error || response.status !== 202) {
  const why =
    response instanceof Error
      ? `${response.message}${response.cause instanceof Error ? `: ${response.cause.message}` : ''}`
      : `${response.status} ${await response.text()}`;
  // An answer from the hub says itself what happened (a build it could not load, a publish it retries); no answer means it was not told.
  failed(
    `the new build is on disk, but telling the hub at ${config.hubUrl} failed (${why})${response instanceof Error ? ': the server still serves the last one until it is told (run npm run deploy again) or restarted' : ''}`,
  );
}
release();
// The hub answers once every worker has reloaded and the changes are recorded, saying what it pushes.
const answer = response instanceof Error ? '' : (await response.text()).trim();
console.log(`deploy: told the hub at ${config.hubUrl}: ${answer}`);
if (stoppedBy) {
  console.error(`deploy: stopped (${stoppedBy}) after the swap had begun; it was finished and the hub was told`);
  process.exit(1);
}
