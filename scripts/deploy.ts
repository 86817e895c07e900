/**
 * `npm run deploy`: the owner's publish step (issue 15, item 8). Builds the
 * site beside the live one (`<DIST_DIR>.next`), swaps it in whole, then tells
 * the running hub (`hub.mode=publish`), which reloads the build into the read
 * endpoints and pushes every topic whose bytes changed.
 *
 * The swap is two renames: the live build becomes `<DIST_DIR>.previous` (kept
 * for a rollback), the new one takes its name. The server reads the build
 * only at start-up and on a publish, which comes after both renames, and it
 * serves from memory, so readers never see the moment between them.
 */
import { access, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readDeployConfig } from '../src/config.ts';
import { runAstroBuild } from '../functions/build-if-stale.ts';

const config = readDeployConfig(process.env);
const live = resolve(config.distDir);
const next = `${live}.next`;
const previous = `${live}.previous`;

await rm(next, { recursive: true, force: true });
console.log(`deploy: building into ${next}`);
await runAstroBuild(next, process.env);
// A build that produced no dataset must not replace a working one.
await access(join(next, 'client', 'reviews.json'));
await access(join(next, 'build.json'));

await rm(previous, { recursive: true, force: true });
if (await exists(live)) await rename(live, previous);
await rename(next, live);
console.log(`deploy: ${live} is the new build (the last one is in ${previous})`);

const response = await fetch(config.hubUrl, { method: 'POST', body: new URLSearchParams({ 'hub.mode': 'publish' }) }).catch(
  (error: unknown) => error as Error,
);
if (response instanceof Error || response.status !== 202) {
  const why =
    response instanceof Error
      ? `${response.message}${response.cause instanceof Error ? `: ${response.cause.message}` : ''}`
      : `${response.status} ${await response.text()}`;
  console.error(
    `deploy: the build is live, but telling the hub at ${config.hubUrl} failed (${why}); it will publish at its next start, or run the publish again`,
  );
  process.exit(1);
}
console.log(`deploy: told the hub at ${config.hubUrl}; it pushes the changed topics now`);

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
