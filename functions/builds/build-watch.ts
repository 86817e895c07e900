import { unwatchFile, watchFile, type Stats } from 'node:fs';
import { join } from 'node:path';

/** How often the build's `build.json` is looked at (a stat, nothing read). */
const WATCH_INTERVAL_MS = 1_000;

/**
 * Calls `changed` when `<distDir>/build.json` is replaced by a new build (a
 * deploy or `npm run build` swapped the folder, or a sync tool copied it):
 * how a read process on another machine learns of a new build (docs/interface.md,
 * "Running it"). Polls the path, so a renamed folder is seen; the moment the
 * file is missing (between a deploy's two renames) is skipped.
 */
export function watchBuild(distDir: string, changed: () => void): () => void {
  const file = join(distDir, 'build.json');
  const listener = (now: Stats, before: Stats): void => {
    if (now.mtimeMs === 0) return;
    if (now.mtimeMs !== before.mtimeMs || now.ino !== before.ino) changed();
  };
  watchFile(file, { interval: WATCH_INTERVAL_MS, persistent: false }, listener);
  return () => unwatchFile(file, listener);
}
