import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { ContentError, type ContentProblem } from '../lib/content-error.ts';
import { crossFileProblems } from '../lib/content/cross-checks.ts';
import { parseReviewFile, xmlProblems } from '../lib/content/review-file.ts';
import { zodProblems } from '../lib/content/zod-problems.ts';
import type { ReviewEntry } from '../lib/content/review-file.ts';
import type { SiteContent } from '../lib/reviews-dataset.ts';
import { BusinessFileSchema } from '../schemas/business.ts';
import { AspectSchema, ServiceAreaSchema, ServiceFileSchema, TechnicianSchema } from '../schemas/catalogue.ts';
import { EditorialFileSchema } from '../schemas/editorial.ts';

/**
 * Reading `content/` from disk, shared by the Astro loaders and the check the
 * build runs before Astro starts (so content errors are printed as plain
 * lines, once each, without Astro's wrapping).
 */

/** A path as error messages show it: relative to where the command runs. */
export const shown = (path: string) => relative(process.cwd(), resolve(path));

export type Read<T> = { ok: true; value: T } | { ok: false; problems: ContentProblem[] };

/** One JSON data file, validated with its schema. */
export async function readJsonContent<T extends z.ZodType>(path: string, schema: T): Promise<Read<z.infer<T>>> {
  const file = shown(path);
  let text: string;
  try {
    text = await readText(path);
  } catch (error) {
    return fail(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail(file, `is not valid JSON: ${(error as Error).message}`);
  }
  const problems = xmlProblems(file, data);
  const parsed = schema.safeParse(data);
  if (!parsed.success) problems.push(...zodProblems(file, parsed.error));
  return problems.length > 0 || !parsed.success ? { ok: false, problems } : { ok: true, value: parsed.data };
}

export type ReviewFileEntry = ReviewEntry & { id: string };

/** Every `*.md` under the reviews folder, in a stable order; every problem of every file. */
export async function readReviewFiles(dir: string): Promise<Read<ReviewFileEntry[]>> {
  const { entries, problems } = await readEveryReviewFile(dir);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: entries };
}

/** Every review file that parses, and every problem of those that do not: the content check goes on with the first. */
export async function readEveryReviewFile(dir: string): Promise<{ entries: ReviewFileEntry[]; problems: ContentProblem[] }> {
  const names = (await readdir(dir, { recursive: true }).catch(() => [] as string[])).filter((n) => n.endsWith('.md')).sort();
  const entries: ReviewFileEntry[] = [];
  const problems: ContentProblem[] = [];
  for (const name of names) {
    const file = shown(join(dir, name));
    const parsed = parseReviewFile(file, await readText(join(dir, name)));
    if (parsed.ok) entries.push({ id: name.replace(/\.md$/, ''), file, data: parsed.data, body: parsed.body });
    else problems.push(...parsed.problems);
  }
  return { entries, problems };
}

/**
 * A content file as text. A file saved as UTF-16 (some Windows editors'
 * "Unicode") is read as such; past a byte-order mark, UTF-8 is assumed.
 */
async function readText(path: string): Promise<string> {
  const bytes = await readFile(path);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return bytes.toString('utf8');
}

export const CONTENT_FILES = {
  business: { name: 'business.json', schema: BusinessFileSchema },
  editorial: { name: 'editorial.json', schema: EditorialFileSchema },
  technicians: { name: 'technicians.json', schema: z.array(TechnicianSchema) },
  services: { name: 'services.json', schema: z.array(ServiceFileSchema) },
  serviceAreas: { name: 'service-areas.json', schema: z.array(ServiceAreaSchema) },
  aspects: { name: 'aspects.json', schema: z.array(AspectSchema) },
} as const;

/** The data files beside the reviews, each read and validated on its own. */
function readDataFiles(contentDir: string) {
  return Promise.all([
    readJsonContent(join(contentDir, CONTENT_FILES.business.name), CONTENT_FILES.business.schema),
    readJsonContent(join(contentDir, CONTENT_FILES.technicians.name), CONTENT_FILES.technicians.schema),
    readJsonContent(join(contentDir, CONTENT_FILES.services.name), CONTENT_FILES.services.schema),
    readJsonContent(join(contentDir, CONTENT_FILES.serviceAreas.name), CONTENT_FILES.serviceAreas.schema),
    readJsonContent(join(contentDir, CONTENT_FILES.editorial.name), CONTENT_FILES.editorial.schema),
    readJsonContent(join(contentDir, CONTENT_FILES.aspects.name), CONTENT_FILES.aspects.schema),
  ]);
}

/**
 * Every problem of `content/` in one pass: each file's own, then the
 * cross-file checks run on every file that parsed (docs/owner.md, "Building").
 * `today` for the date checks: the given one, else today in the business's
 * time zone when `business.json` parses.
 */
export async function everyContentProblem(contentDir: string, today: (timeZone: string | undefined) => string | undefined): Promise<ContentProblem[]> {
  const [[business, technicians, services, serviceAreas, editorial, aspects], reviews] = await Promise.all([
    readDataFiles(contentDir),
    readEveryReviewFile(join(contentDir, 'reviews')),
  ]);
  const value = <T>(read: Read<T>): T | undefined => (read.ok ? read.value : undefined);
  const own = [business, technicians, services, serviceAreas, editorial, aspects].flatMap((r) => (r.ok ? [] : r.problems));
  const cross = crossFileProblems(
    {
      business: value(business),
      technicians: value(technicians),
      services: value(services),
      serviceAreas: value(serviceAreas),
      reviews: reviews.entries,
    },
    today(value(business)?.timezone),
  );
  return [...own, ...reviews.problems, ...cross];
}

/** All of `content/` as the dataset builder takes it; throws one ContentError listing every file's problems. */
export async function readSiteContent(contentDir: string): Promise<SiteContent> {
  const [[business, technicians, services, serviceAreas, editorial, aspects], reviews] = await Promise.all([
    readDataFiles(contentDir),
    readReviewFiles(join(contentDir, 'reviews')),
  ]);
  const all = [business, technicians, services, serviceAreas, editorial, aspects, reviews];
  const problems = all.flatMap((r) => (r.ok ? [] : r.problems));
  if (!business.ok || !technicians.ok || !services.ok || !serviceAreas.ok || !reviews.ok || problems.length > 0) {
    throw new ContentError(problems);
  }
  return {
    business: business.value,
    technicians: technicians.value,
    services: services.value,
    serviceAreas: serviceAreas.value,
    reviews: reviews.value,
  };
}

function fail(file: string, message: string): Read<never> {
  return { ok: false, problems: [{ file, field: '(file)', message }] };
}
