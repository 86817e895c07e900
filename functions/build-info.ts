import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const BuildInfoSchema = z.object({ site: z.url() });

/**
 * The public base URL the artifacts were built for (`dist/build.json`, written
 * by the build): absolute links, hub topics and the MCP origin check all use
 * the value the build was made with, not the environment of the server.
 */
export function readBuildSite(distDir: string): string {
  const file = join(distDir, 'build.json');
  const parsed = BuildInfoSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not valid: ${parsed.error.message}; run the build again`);
  return parsed.data.site.replace(/\/+$/, '');
}
