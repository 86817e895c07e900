import { resolve } from 'node:path';
import type { Loader } from 'astro/loaders';
import type { z } from 'zod';
import { ContentError } from '../lib/content-error.ts';
import { readJsonContent, shown } from './content-files.ts';

/**
 * Loads one JSON data file of `content/` into a collection. Validates with our
 * own schema first so a mistake is reported as "file: field: reason", the way
 * an owner editing the file by hand needs it.
 */
export function jsonFileLoader<T extends z.ZodType>(options: {
  path: string;
  schema: T;
  entries: (data: z.infer<T>) => { id: string; data: Record<string, unknown> }[];
}): Loader {
  return {
    name: 'json-file-loader',
    load: async ({ store, parseData, watcher }) => {
      const read = await readJsonContent(options.path, options.schema);
      if (!read.ok) throw new ContentError(read.problems);
      store.clear();
      for (const entry of options.entries(read.value)) {
        store.set({ id: entry.id, data: await parseData(entry), filePath: shown(options.path) });
      }
      watcher?.add(resolve(options.path));
    },
  };
}
