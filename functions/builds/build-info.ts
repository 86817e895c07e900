import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BuildInfoSchema, type BuildInfo } from '../../src/schemas/build-info.ts';

export class BuildInfoError extends Error {
  override name = 'BuildInfoError';
}

/**
 * `dist/build.json`, written by the build (src/content/build-info.ts) with the
 * same schema: the server uses the site URL the build was made with, not its
 * own environment.
 */
export function readBuildInfo(distDir: string): BuildInfo {
  const file = join(distDir, 'build.json');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BuildInfoError(`${file} cannot be read (${(error as Error).message}); run the build (npm run build) or set DIST_DIR`);
  }
  const parsed = BuildInfoSchema.safeParse(json);
  if (!parsed.success) throw new BuildInfoError(`${file} is not valid: ${parsed.error.message}; run the build again`);
  return parsed.data;
}
