import type { BuildConfig } from '../config.ts';
import { dateIn } from '../lib/content/dates.ts';
import { ContentError, type ContentProblem } from '../lib/content-error.ts';
import { buildReviewsDataset } from '../lib/reviews-dataset.ts';
import { readSiteContent } from './content-files.ts';

/**
 * Every problem of `content/`, found the way the build finds them (same
 * readers, same dataset checks), before Astro starts: the build prints them
 * as plain lines and never begins an output it would have to throw away.
 */
export async function contentProblems(config: BuildConfig, now: Date = new Date()): Promise<readonly ContentProblem[]> {
  try {
    const content = await readSiteContent(config.contentDir);
    buildReviewsDataset(content, { today: config.today ?? dateIn(content.business.timezone, now) });
    return [];
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
}
