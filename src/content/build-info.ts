import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import type { BuildConfig } from '../config.ts';
import { BuildInfoSchema, type BuildInfo } from '../schemas/build-info.ts';

/**
 * Records the site URL the artifacts were built for beside them (outside
 * `client/`, so a CDN never serves it): the server needs the same base for
 * hub topics and MCP origins. Checked against the schema the server reads it with.
 */
export function buildInfo(config: BuildConfig): AstroIntegration {
  return {
    name: 'build-info',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const info: BuildInfo = BuildInfoSchema.parse({ site: config.site, builtAt: new Date().toISOString() });
        await writeFile(new URL('../build.json', dir), JSON.stringify(info) + '\n');
      },
    },
  };
}
