import { resolve, sep } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { ContentError } from '../lib/content-error.ts';
import { readReviewFiles } from './content-files.ts';

/**
 * Loads `content/reviews/*.md`. Astro's own Markdown loader parses the header
 * as YAML 1.1, which turns `date: 2026-11-31` into 2026-12-01 before any
 * schema sees it; this one reads it as the text the owner wrote.
 */
export function reviewFilesLoader(dir: string): Loader {
  const root = resolve(dir);
  return {
    name: 'review-files-loader',
    load: async (context) => {
      await sync(dir, context);
      // `astro dev`: a review file added, changed or removed is read again, as Astro's glob loader did.
      context.watcher?.add(root);
      context.watcher?.on('all', (_event, path) => {
        if (!path.startsWith(root + sep) || !path.endsWith('.md')) return;
        sync(dir, context).catch((error: unknown) => context.logger.error(error instanceof Error ? error.message : String(error)));
      });
    },
  };
}

async function sync(dir: string, { store, parseData }: LoaderContext): Promise<void> {
  const read = await readReviewFiles(dir);
  if (!read.ok) throw new ContentError(read.problems);
  store.clear();
  for (const entry of read.value) {
    const data = await parseData({ id: entry.id, data: { ...entry.data } });
    store.set({ id: entry.id, data, body: entry.body, filePath: entry.file });
  }
}
