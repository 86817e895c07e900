import { spawn } from 'node:child_process';
import { stat, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * `npm start` on a fresh clone or after a content commit: build when the
 * output is missing or older than anything it is built from.
 */
export async function buildIfStale(options: {
  distDir: string;
  sources: string[];
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}): Promise<boolean> {
  const built = await mtime(join(options.distDir, 'build.json'));
  if (built !== undefined) {
    const newest = Math.max(...(await Promise.all(options.sources.map(newestMtime))));
    if (newest <= built) return false;
  }
  await runAstroBuild(options.distDir, options.env, options.signal);
  return true;
}

/** `astro build` into `distDir` (its `client/` and `build.json`) in a child process; `npm run deploy` builds with it too. */
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
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build failed (exit code ${code})`))));
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
