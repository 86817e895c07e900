import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { nodeEnv } from '../../functions/process/node-flags.ts';
import { ROOT } from '../support/paths.ts';

/** The environment of every server process, from package.json's config.nodeEnv (docs/read-path.md, "Memory"). */
describe("the server's environment", () => {
  it('fixes glibc mmap threshold, and npm start hands it to node', async () => {
    expect(nodeEnv()).toEqual({ MALLOC_MMAP_THRESHOLD_: '65536' });
    const { scripts, config } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: { start: string };
      config: { nodeEnv: string };
    };
    // The start script as npm runs it (sh, the config in the environment), with node asked what it was given.
    const script = scripts.start.replace('functions/process/start.ts', "-e 'console.log(process.env.MALLOC_MMAP_THRESHOLD_)'");
    const { stdout } = await promisify(execFile)('sh', ['-c', script], {
      cwd: ROOT,
      env: { ...process.env, npm_package_config_nodeEnv: config.nodeEnv, npm_package_config_nodeFlags: '' },
    });
    expect(stdout.trim()).toBe('65536');
  });
});
