import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseReviewFile } from '../src/lib/content/review-file.ts';
import { runBuildScript } from '../test/support/build.ts';
import { generatedContent } from './build-times.ts';

const ROOT = join(import.meta.dirname, '..');
const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;

/**
 * `npm run import` of a 10,000-review Google Business Profile export into an
 * empty business (reviews/s, the CLI timed from outside as an owner runs it),
 * beside the build of the business it produced: the build is the baseline the
 * import's time is compared with, measured in the same run.
 */
export async function benchImport(count: number, log: (line: string) => void = console.log): Promise<void> {
  const work = join(ROOT, '.bench', `import-${count}`);
  await rm(work, { recursive: true, force: true });
  const exportFile = join(work, 'google-export.json');
  const content = join(work, 'content');
  await mkdir(join(content, 'reviews'), { recursive: true });
  const source = await generatedContent(count);
  for (const name of await readdir(source)) if (name.endsWith('.json')) await cp(join(source, name), join(content, name));
  await writeFile(exportFile, JSON.stringify(await googleExport(join(source, 'reviews'))));

  const started = performance.now();
  const imported = await run(process.execPath, [join(ROOT, 'scripts/import.ts'), exportFile, '--verified'], { CONTENT_DIR: content });
  const importMs = performance.now() - started;
  if (imported.code !== 0) throw new Error(`import failed:\n${imported.stderr}`);
  const files = (await readdir(join(content, 'reviews'))).length;

  const buildStarted = performance.now();
  const built = await runBuildScript({ contentDir: content, distDir: join(work, 'dist') });
  const buildMs = performance.now() - buildStarted;
  if (built.code !== 0) throw new Error(`build of the imported business failed:\n${built.stderr.slice(-4000)}`);
  log(
    `import of a ${count}-review Google export: ${(importMs / 1000).toFixed(1)} s, ${Math.round(files / (importMs / 1000))} reviews/s (${files} files); ` +
      `build of the imported business: ${(buildMs / 1000).toFixed(1)} s (the import takes ${((importMs / buildMs) * 100).toFixed(0)}% of it)`,
  );
  await rm(work, { recursive: true, force: true });
}

/** The generated business's reviews as Google's API would list them. */
export async function googleExport(dir: string): Promise<{ reviews: unknown[] }> {
  const reviews: unknown[] = [];
  for (const name of (await readdir(dir)).sort()) {
    const parsed = parseReviewFile(name, await readFile(join(dir, name), 'utf8'));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const { data, body } = parsed;
    reviews.push({
      reviewId: `g-${data.id}`,
      reviewer: { displayName: data.author },
      starRating: STARS[data.rating - 1],
      ...(body.trim() ? { comment: body.trim() } : {}),
      createTime: `${data.date}T19:00:00Z`,
      updateTime: `${data.date}T19:00:00Z`,
      ...(data.owner_reply ? { reviewReply: { comment: data.owner_reply.text, updateTime: `${data.owner_reply.date}T20:00:00Z` } } : {}),
    });
  }
  return { reviews };
}

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

if (import.meta.main) await benchImport(Number(process.argv[2] ?? 10_000));
