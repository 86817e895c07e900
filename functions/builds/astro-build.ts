import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, rename, rm, statfs } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

/** The project: its `node_modules` is where the build's own modules find their packages. */
const PROJECT = resolve(import.meta.dirname, '../..');

/**
 * `astro build` into `distDir` (its `client/` and `build.json`) in a child
 * process. Astro prerenders by importing the server bundle it writes into the
 * output folder, whose packages Node looks up in that folder's ancestors. A
 * `distDir` outside the project (a build volume, another disk) is therefore
 * built in `.build/` inside the project and moved there whole: a rename on the
 * same file system, a copy across file systems.
 */
export async function runAstroBuild(distDir: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<void> {
  const target = resolve(distDir);
  if (!relative(PROJECT, target).startsWith('..')) return astroBuild(target, env, signal);
  const stage = join(PROJECT, '.build', createHash('sha256').update(target).digest('hex').slice(0, 16));
  await rm(stage, { recursive: true, force: true });
  try {
    await astroBuild(stage, env, signal);
    await rm(target, { recursive: true, force: true });
    await rename(stage, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      await cp(stage, target, { recursive: true, verbatimSymlinks: true });
    });
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

function astroBuild(outDir: string, env: NodeJS.ProcessEnv, signal: AbortSignal | undefined): Promise<void> {
  const astro = createRequire(import.meta.url)
    .resolve('astro/package.json')
    .replace(/package\.json$/, 'bin/astro.mjs');
  return new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [astro, 'build', '--outDir', outDir], {
      cwd: PROJECT,
      stdio: 'inherit',
      env: { ASTRO_TELEMETRY_DISABLED: '1', ...env },
      ...(signal ? { signal } : {}),
    });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`astro build exited with code ${code}`))));
  });
}

/** Whether the file system holding `dir` has (almost) no room left: a build that failed there failed for that. */
export async function isFull(dir: string): Promise<boolean> {
  try {
    const { bavail, bsize } = await statfs(dirname(resolve(dir)));
    return bavail * bsize < 1024 * 1024;
  } catch {
    return false;
  }
}
