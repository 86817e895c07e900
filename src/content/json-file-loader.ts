import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Loader } from 'astro/loaders';
import type { z } from 'zod';
import { ContentError } from '../lib/content-error.ts';

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
      const file = relative(process.cwd(), resolve(options.path));
      const data = options.schema.safeParse(await readJson(file));
      if (!data.success) {
        throw new ContentError(
          data.error.issues.map((issue) => ({ file, field: issue.path.join('.') || '(file)', message: issue.message })),
        );
      }
      store.clear();
      for (const entry of options.entries(data.data)) {
        store.set({ id: entry.id, data: await parseData(entry), filePath: file });
      }
      watcher?.add(resolve(options.path));
    },
  };
}

async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new ContentError([{ file, field: '(file)', message: `cannot be read (${error.code ?? error.message})` }]);
  });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ContentError([{ file, field: '(file)', message: `is not valid JSON: ${(error as Error).message}` }]);
  }
}
