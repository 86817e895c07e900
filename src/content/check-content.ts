import type { BuildConfig } from '../config.ts';
import { dateIn } from '../lib/content/dates.ts';
import { problemLine, type ContentProblem } from '../lib/content-error.ts';
import { everyContentProblem } from './content-files.ts';

/**
 * Every problem of `content/`, found the way the build finds them (same
 * readers, same dataset checks), before Astro starts: the build prints them
 * as plain lines and never begins an output it would have to throw away.
 * One run finds them all: each file's own problems and, on every file that
 * parsed, the checks across files (docs/owner.md, "Building").
 */
export async function contentProblems(config: BuildConfig, now: Date = new Date()): Promise<readonly ContentProblem[]> {
  const problems = await everyContentProblem(config.contentDir, (timeZone) => config.today ?? (timeZone ? dateIn(timeZone, now) : undefined));
  // Each once, in the order found (a file read by two checks reports a problem once).
  return [...new Map(problems.map((p) => [problemLine(p), p])).values()];
}
