import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import type { BuildConfig } from '../config.ts';

/**
 * Records the site URL the artifacts were built for beside them (outside
 * `client/`, so a CDN never serves it): the server needs the same base for
 * hub topics and MCP origins.
 */
export function buildInfo(config: BuildConfig): AstroIntegration {
  return {
    name: 'build-info',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const file = new URL('../build.json', dir);
        await writeFile(file, JSON.stringify({ site: config.site }) + '\n');
      },
    },
  };
}
