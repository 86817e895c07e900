import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

/** `npm run deploy` as the owner runs it, for the content and build under `dir`, telling the server on `port`. */
export function runDeploy(options: { dir: string; port: string; site: string }): Promise<{ code: number; output: string }> {
  const { dir, port, site } = options;
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', 'deploy'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          CONTENT_DIR: join(dir, 'content'),
          DIST_DIR: join(dir, 'dist'),
          SITE_URL: site,
          HOST: '127.0.0.1',
          PORT: port,
          BUILD_CACHE_DIR: join(dir, '.astro-cache'),
          NO_COLOR: '1',
        },
        maxBuffer: 16 * 1024 * 1024,
        timeout: 100_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: stdout + stderr }),
    );
  });
}
