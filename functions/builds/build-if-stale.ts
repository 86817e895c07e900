import { spawn } from 'node:child_process';
import { readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { readBuildConfig } from '../../src/config.ts';
import { contentProblems } from '../../src/content/check-content.ts';
import { problemLine } from '../../src/lib/content-error.ts';
import { readBuildInfo } from './build-info.ts';
import { acquireDeployLock, buildFolders, DeployLockedError, isCompleteBuild, swapIn } from './build-output.ts';

/** A build that did not produce a new live build; the last good one is untouched. Its message is one line for the owner. */
export class BuildFailedError extends Error {
  override name = 'BuildFailedError';
}

type Log = (line: string) => void;

/**
 * `npm start` on a fresh clone or after a content commit: build when the
 * output is missing or older than anything it is built from. A failed rebuild
 * beside a good build keeps that build (the site stays up) and says why.
 */
export async function buildIfStale(options: {
  distDir: string;
  sources: string[];
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  log?: Log;
}): Promise<boolean> {
  const log = options.log ?? console.error;
  const built = await mtime(join(options.distDir, 'build.json'));
  if (built !== undefined) {
    const newest = Math.max(...(await Promise.all(options.sources.map(newestMtime))));
    if (newest <= built) {
      reportSite(options.distDir, readBuildConfig(options.env).site, log);
      return false;
    }
  }
  try {
    await buildBeside(options.distDir, options.env, { ...(options.signal ? { signal: options.signal } : {}), log });
  } catch (error) {
    if (!(error instanceof BuildFailedError) || built === undefined) throw error;
    log(`start: ${error.message}; serving the last good build in ${options.distDir} until the content is fixed`);
    reportSite(options.distDir, readBuildConfig(options.env).site, log);
    return false;
  }
  return true;
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
 * `<distDir>.next` and swaps it in only when it is complete (the live build
 * becomes `<distDir>.previous`). Any failure leaves `distDir` as it was.
 * `npm run deploy` runs the same steps under its lock (scripts/deploy.ts).
 */
export async function buildBeside(
  distDir: string,
  env: NodeJS.ProcessEnv,
  options: { signal?: AbortSignal; log?: Log } = {},
): Promise<void> {
  await checkContent(env, options.log);
  const live = resolve(distDir);
  const { next } = buildFolders(live);
  // The deploy lock: a build and a deploy never share `<distDir>.next`.
  let release: () => void;
  try {
    release = acquireDeployLock(live, (holder) => options.log?.(`build: taking over the lock of pid ${holder.pid}, which is gone`));
  } catch (error) {
    if (error instanceof DeployLockedError) throw new BuildFailedError(error.message);
    throw error;
  }
  try {
    await buildAndSwap(live, next, env, options.signal);
  } finally {
    release();
  }
}

async function buildAndSwap(live: string, next: string, env: NodeJS.ProcessEnv, signal: AbortSignal | undefined): Promise<void> {
  await rm(next, { recursive: true, force: true });
  try {
    await runAstroBuild(next, env, signal);
    // A build that produced no dataset must not replace a working one.
    if (!(await isCompleteBuild(next))) throw new Error(`${next} has no build.json or client/reviews.json`);
  } catch (error) {
    await rm(next, { recursive: true, force: true });
    if (signal?.aborted) throw error;
    throw new BuildFailedError(`the build failed (${(error as Error).message})`);
  }
  await swapIn(live);
}

/** `astro build` into `distDir` (its `client/` and `build.json`) in a child process. */
export function runAstroBuild(distDir: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<void> {
  const astro = createRequire(import.meta.url)
    .resolve('astro/package.json')
    .replace(/package\.json$/, 'bin/astro.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astro, 'build', '--outDir', distDir], {
      stdio: 'inherit',
      env: { ASTRO_TELEMETRY_DISABLED: '1', ...env },
      ...(signal ? { signal } : {}),
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build exited with code ${code}`))));
  });
}

async function mtime(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

async function newestMtime(path: string): Promise<number> {
  const own = (await mtime(path)) ?? 0;
  const entries = await readdir(path, { withFileTypes: true, recursive: true }).catch(() => []);
  const times = await Promise.all(entries.filter((e) => e.isFile()).map((e) => mtime(join(e.parentPath, e.name))));
  return Math.max(own, ...times.map((t) => t ?? 0));
}
