import { readdir, rm, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { readBuildConfig } from '../../src/config.ts';
import { contentProblems } from '../../src/content/check-content.ts';
import { problemLine } from '../../src/lib/content-error.ts';
import { diskFullLine, isDiskFull } from '../../src/lib/disk-full.ts';
import { isFull, runAstroBuild } from './astro-build.ts';
import { readBuildInfo } from './build-info.ts';
import { acquireDeployLock, buildFolders, DeployLockedError, isCompleteBuild, staleLockLine, swapIn } from './build-output.ts';
import { runningServer, type ServerRecord } from './server-record.ts';

/** A build that did not produce a new live build; the last good one is untouched. Its message is one line for the owner. */
export class BuildFailedError extends Error {
  override name = 'BuildFailedError';
}

type Log = (line: string) => void;

/**
 * `npm start` on a fresh clone or after a content commit: build when the
 * output is missing or older than anything it is built from, saying which.
 * A failed rebuild beside a good build keeps that build (the site stays up)
 * and says why, whatever the failure (bad content, a full disk, a lock).
 */
export async function buildIfStale(options: {
  distDir: string;
  sources: string[];
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  log?: Log;
}): Promise<boolean> {
  const log = options.log ?? console.error;
  const site = readBuildConfig(options.env).site;
  const built = await mtime(join(options.distDir, 'build.json'));
  const reason = await whyBuild(options.distDir, built, options.sources);
  if (reason === undefined) {
    reportSite(options.distDir, site, log);
    return false;
  }
  log(`start: building ${options.distDir} for ${site}: ${reason}`);
  try {
    await buildBeside(options.distDir, options.env, { ...(options.signal ? { signal: options.signal } : {}), log, site });
  } catch (error) {
    if (built === undefined || options.signal?.aborted) throw error;
    const why =
      error instanceof BuildFailedError
        ? error.message
        : isDiskFull(error)
          ? diskFullLine(error)
          : `the build failed (${(error as Error).message})`;
    log(`start: ${why}; serving the last good build in ${options.distDir}`);
    reportSite(options.distDir, site, log);
    return false;
  }
  return true;
}

/** Why `npm start` builds: no build yet, or the newest file it is built from (a content commit) is newer. */
async function whyBuild(distDir: string, built: number | undefined, sources: string[]): Promise<string | undefined> {
  if (built === undefined) return `there is no build in ${distDir} yet`;
  const newest = (await Promise.all(sources.map(newestFile))).reduce((a, b) => (b.time > a.time ? b : a), { path: '', time: 0 });
  if (newest.time <= built) return undefined;
  const shown = relative(process.cwd(), newest.path);
  return `${shown === '' || shown.startsWith('..') ? newest.path : shown} changed after the build in ${distDir} was made`;
}

/** One line when the build being served was made for another site URL than this server's. */
function reportSite(distDir: string, expected: string, log: Log): void {
  const { site } = readBuildInfo(distDir);
  if (site !== expected) {
    log(`start: ${distDir} was built for ${site}, not ${expected}; its links name ${site} (npm run deploy rebuilds it for this server)`);
  }
}

/**
 * Checks `content/` the way the build will, before Astro starts: every problem
 * is logged as one `file: field: what is wrong` line, each once, and the build
 * fails without having begun an output (no Astro wrapping, no stack trace).
 */
export async function checkContent(env: NodeJS.ProcessEnv, log: Log = console.error): Promise<void> {
  const problems = await contentProblems(readBuildConfig(env));
  if (problems.length === 0) return;
  for (const problem of problems) log(problemLine(problem));
  throw new BuildFailedError(`the build failed on ${problems.length} content problem${problems.length === 1 ? '' : 's'} (listed above)`);
}

/**
 * `npm run build` and `npm start`: checks the content, builds into
 * `<distDir>.next` for `site` and swaps it in only when it is complete (the
 * live build becomes `<distDir>.previous`). Any failure leaves `distDir` as it
 * was. With `unlessServed`, a build that a running server serves is not
 * replaced (the server would go on serving the old one from memory while the
 * disk held another): the new build is checked and thrown away, and the
 * server that serves it is returned. `npm run deploy` runs the same steps
 * under its lock and tells the server (scripts/deploy.ts).
 */
export async function buildBeside(
  distDir: string,
  env: NodeJS.ProcessEnv,
  options: { site: string; signal?: AbortSignal; log?: Log; unlessServed?: boolean },
): Promise<{ swapped: true } | { swapped: false; server: ServerRecord }> {
  const log = options.log ?? console.error;
  await checkContent(env, log);
  const live = resolve(distDir);
  const { next } = buildFolders(live);
  // The deploy lock: a build and a deploy never share `<distDir>.next`.
  let release: () => void;
  try {
    // A build killed outright left its lock (and `.next`): taking them over is said, never silent.
    release = acquireDeployLock(live, (holder) => log(`build: ${staleLockLine(holder)}`));
  } catch (error) {
    if (error instanceof DeployLockedError) throw new BuildFailedError(error.message);
    if (isDiskFull(error)) throw new BuildFailedError(diskFullLine(error));
    throw error;
  }
  try {
    await buildInto(next, { ...env, SITE_URL: options.site }, options.signal);
    const server = options.unlessServed ? runningServer(live) : undefined;
    if (server) {
      await rm(next, { recursive: true, force: true });
      return { swapped: false, server };
    }
    await swapIn(live);
    return { swapped: true };
  } finally {
    release();
  }
}

/** A complete build in `next`, or a BuildFailedError saying why (one line; a full disk said as such) and no `next`. */
export async function buildInto(next: string, env: NodeJS.ProcessEnv, signal: AbortSignal | undefined): Promise<void> {
  await rm(next, { recursive: true, force: true });
  try {
    await runAstroBuild(next, env, signal);
    // A build that produced no dataset must not replace a working one.
    if (!(await isCompleteBuild(next))) throw new Error(`${next} has no build.json or client/reviews.json`);
  } catch (error) {
    await rm(next, { recursive: true, force: true });
    if (signal?.aborted) throw error;
    if (isDiskFull(error) || (await isFull(next))) throw new BuildFailedError(`the build failed: ${diskFullLine(error)}`);
    throw new BuildFailedError(`the build failed (${(error as Error).message})`);
  }
}

async function mtime(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

async function newestFile(path: string): Promise<{ path: string; time: number }> {
  const entries = await readdir(path, { withFileTypes: true, recursive: true }).catch(() => []);
  const files = [path, ...entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))];
  const times = await Promise.all(files.map(mtime));
  return files.reduce((newest, file, i) => ((times[i] ?? 0) > newest.time ? { path: file, time: times[i]! } : newest), { path, time: 0 });
}
