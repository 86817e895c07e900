/**
 * `npm run import -- <file> [--verified] [--dry-run]`
 * Brings reviews the business already has (a Google Business Profile JSON, a
 * Trustpilot CSV or the plain CSV; contract section 7) into content/reviews/,
 * one Markdown file each. All or nothing: a malformed file or record stops the
 * import naming it, and nothing is written. Re-importing adds only what is new.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { monotonicFactory } from 'ulid';
import { readBuildConfig } from '../src/config.ts';
import { dateIn } from '../src/lib/content/dates.ts';
import { parseFrontmatter } from '../src/lib/content/frontmatter.ts';
import { readExport } from '../src/lib/import/detect.ts';
import { ImportError } from '../src/lib/import/record.ts';
import { planImport, type ExistingReview } from '../src/lib/import/review-files.ts';
import { InputError } from '../tools/insights/cli/review-lines.ts';
import { z } from 'zod';
import { TimeZoneSchema } from '../src/schemas/common.ts';
import { readInputFile, runCli } from './cli.ts';

const USAGE = 'usage: npm run import -- <file> [--verified] [--dry-run]';

function main(): number {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { verified: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false } },
  });
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new InputError(USAGE);
  const config = readBuildConfig(process.env);
  const timeZone = businessTimeZone(config.contentDir);
  const text = readInputFile(file);

  let read: ReturnType<typeof readExport>;
  try {
    read = readExport(text);
  } catch (error) {
    if (error instanceof ImportError) throw new InputError(`${file}: ${error.message}`);
    throw error;
  }
  const dir = join(config.contentDir, 'reviews');
  const newId = monotonicFactory();
  let plan: ReturnType<typeof planImport>;
  try {
    plan = planImport(read.records, existingReviews(dir), {
      timeZone,
      today: config.today ?? dateIn(timeZone, new Date()),
      verified: values.verified,
      newId: (time) => newId(time),
    });
  } catch (error) {
    if (error instanceof ImportError) throw new InputError(`${file}: ${error.message}`);
    throw error;
  }

  if (values['dry-run']) {
    for (const f of plan.files) process.stdout.write(`--- would write ${join(dir, f.name)}\n${f.text}`);
  } else {
    writeAll(dir, plan.files);
  }
  const waiting = values.verified ? 0 : plan.files.length;
  const lines = [
    `import: ${file} (${read.format}, ${read.records.length} review${read.records.length === 1 ? '' : 's'}): ` +
      `${plan.files.length} ${values['dry-run'] ? 'would be added' : 'added'}, ${plan.alreadyPresent} already present, ` +
      `${waiting} waiting for verification${waiting > 0 ? ' (written verified: false: check each, then set verified: true, or import with --verified)' : ''}`,
  ];
  if (plan.replaced > 0) {
    lines.push(`import: ${plan.replaced} character${plan.replaced === 1 ? '' : 's'} XML cannot carry replaced with U+FFFD`);
  }
  process.stdout.write(lines.join('\n') + '\n');
  return 0;
}

function businessTimeZone(contentDir: string): string {
  const path = join(contentDir, 'business.json');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new InputError(`${path}: ${(error as Error).message}`);
  }
  const parsed = z.object({ timezone: TimeZoneSchema }).safeParse(json);
  if (!parsed.success) throw new InputError(`${path}: timezone: ${parsed.error.issues[0]!.message} (imported times become dates there)`);
  return parsed.data.timezone;
}

/** What the files already in content/reviews/ record; a file the build would refuse still counts by its lines. */
function existingReviews(dir: string): ExistingReview[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.md'));
  } catch {
    return [];
  }
  return names.map((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    const front = parseFrontmatter(text);
    const data = front.ok && front.data !== null && typeof front.data === 'object' ? (front.data as Record<string, unknown>) : {};
    const field = (key: string) =>
      typeof data[key] === 'string' ? (data[key] as string) : new RegExp(`^${key}:\\s*(.+)$`, 'm').exec(text)?.[1]?.trim();
    return { name, source: field('source'), sourceId: field('source_id') };
  });
}

/** All or nothing: every file is written under a temporary name first, then each is renamed into place. */
function writeAll(dir: string, files: { name: string; text: string }[]): void {
  mkdirSync(dir, { recursive: true });
  const staged: string[] = [];
  try {
    for (const f of files) {
      const temp = join(dir, `.${f.name}.importing`);
      writeFileSync(temp, f.text, { flag: 'wx' });
      staged.push(temp);
    }
  } catch (error) {
    for (const temp of staged) rmSync(temp, { force: true });
    throw error;
  }
  for (const [i, f] of files.entries()) renameSync(staged[i]!, join(dir, f.name));
}

if (import.meta.main) runCli('import', main);
