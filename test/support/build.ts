import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export interface BuildResult {
  code: number | null;
  output: string;
}

const astroBin = createRequire(import.meta.url)
  .resolve('astro/package.json')
  .replace(/package\.json$/, 'bin/astro.mjs');

/**
 * Runs the real `astro build` for a content folder into an output folder.
 * Builds running at once need a content-layer cache each (`cacheDir`); those
 * that leave it unset share the project's, and run one at a time.
 */
export function buildSite(options: {
  contentDir: string;
  outDir: string;
  site?: string;
  /** BUILD_CACHE_DIR: Astro's cache folder (default node_modules/.astro). */
  cacheDir?: string;
  /** Called with the build process's id as it starts (the build bench samples its memory). */
  onSpawn?: (pid: number) => void;
}): Promise<BuildResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [astroBin, 'build', '--outDir', resolve(options.outDir)], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        // CI=true turns colours on; the tests read the messages as plain text.
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        CONTENT_DIR: options.contentDir,
        SITE_URL: options.site ?? 'http://localhost:4321',
        ...(options.cacheDir ? { BUILD_CACHE_DIR: options.cacheDir } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, output: stripVTControlCharacters(output) }));
  });
}

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run build` (scripts/build.ts: content check, build beside
 * `distDir`, swap on success) the way an owner does, with plain-text output.
 */
export function runBuildScript(options: { contentDir: string; distDir: string; env?: Record<string, string> }): Promise<ScriptResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve(import.meta.dirname, '../../scripts/build.ts')], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        CONTENT_DIR: options.contentDir,
        DIST_DIR: options.distDir,
        SITE_URL: 'http://localhost:4321',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout: stripVTControlCharacters(stdout), stderr: stripVTControlCharacters(stderr) }));
  });
}
