/**
 * `npm run import -- <file> [--verified] [--dry-run]`
 * Brings reviews the business already has (a Google Business Profile JSON, a
 * Trustpilot CSV or the plain CSV; docs/owner.md) into content/reviews/,
 * one Markdown file each. All or nothing: every malformed record is named, and
 * nothing is written; a stop (Ctrl-C, a full disk) removes every file it had
 * begun. Re-importing adds only what is new, and with --verified marks the
 * export's reviews already imported verified.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { monotonicFactory } from 'ulid';
import { readBuildConfig, withEnvFile } from '../src/config.ts';
import { dateIn } from '../src/lib/content/dates.ts';
import { parseFrontmatter } from '../src/lib/content/frontmatter.ts';
import { readExport } from '../src/lib/import/detect.ts';
import { ImportError } from '../src/lib/import/record.ts';
import { markVerified, planImport, type ExistingReview } from '../src/lib/import/review-files.ts';
import { decodeExport } from '../src/lib/import/encoding.ts';
import { diskFullLine, isDiskFull } from '../src/lib/disk-full.ts';
import { ImportStopped, writeReviewFiles } from './import-writer.ts';
import { InputError } from '../tools/insights/cli/review-lines.ts';
import { z } from 'zod';
import { TimeZoneSchema } from '../src/schemas/common.ts';
import { readInputBytes, runCliAsync } from './cli.ts';

const USAGE = 'usage: npm run import -- <file> [--verified] [--dry-run]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { verified: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false } },
  });
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new InputError(USAGE);
  const config = readBuildConfig(withEnvFile(process.env));
  const timeZone = businessTimeZone(config.contentDir);

  let read: ReturnType<typeof readExport>;
  try {
    read = readExport(decodeExport(readInputBytes(file)).text);
  } catch (error) {
    if (error instanceof ImportError) throw new InputError(`${file}: ${error.message}`);
    throw error;
  }
  const dir = join(config.contentDir, 'reviews');
  const newId = monotonicFactory();
  const plan = planImport(read.records, existingReviews(dir), {
    timeZone,
    today: config.today ?? dateIn(timeZone, new Date()),
    verified: values.verified,
    newId: (time) => newId(time),
  });
  // Every bad record of the export, then nothing written: one run says all there is to fix.
  const problems = [...read.problems, ...plan.problems];
  if (problems.length > 0) {
    for (const problem of problems) process.stderr.write(`import: ${file}: ${problem}\n`);
    process.stderr.write(
      `import: ${file}: ${problems.length} bad record${problems.length === 1 ? '' : 's'} (listed above); nothing was written\n`,
    );
    return 1;
  }

  const verify = plan.toVerify.flatMap((name) => {
    const text = markVerified(readFileSync(join(dir, name), 'utf8'));
    return text === undefined ? [] : [{ name, text }];
  });
  if (values['dry-run']) {
    for (const f of plan.files) process.stdout.write(`--- would write ${join(dir, f.name)}\n${f.text}`);
    for (const f of verify) process.stdout.write(`--- would mark ${join(dir, f.name)} verified: true\n`);
  } else {
    await writeReviewFiles(dir, [...plan.files, ...verify], stopSignal());
  }
  const waiting = values.verified ? 0 : plan.files.length;
  const marked = verify.length > 0 ? ` (${verify.length} ${values['dry-run'] ? 'would be ' : ''}marked verified: true)` : '';
  const lines = [
    `import: ${file} (${read.format}, ${read.records.length} review${read.records.length === 1 ? '' : 's'}): ` +
      `${plan.files.length} ${values['dry-run'] ? 'would be added' : 'added'}, ${plan.alreadyPresent} already present${marked}, ` +
      `${waiting} waiting for verification${waiting > 0 ? ' (written verified: false: check each, then set verified: true, or import with --verified)' : ''}`,
  ];
  if (plan.replaced > 0) {
    lines.push(`import: ${plan.replaced} character${plan.replaced === 1 ? '' : 's'} XML cannot carry replaced with U+FFFD`);
  }
  process.stdout.write(lines.join('\n') + '\n');
  return 0;
}

/** Aborted by Ctrl-C, SIGTERM or SIGHUP: the write stops, removes what it staged and the import exits non-zero. */
function stopSignal(): AbortSignal {
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => controller.abort(new ImportStopped(signal)));
  return controller.signal;
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
      typeof data[key] === 'string' || typeof data[key] === 'boolean'
        ? String(data[key])
        : new RegExp(`^${key}:\\s*(.+)$`, 'm').exec(text)?.[1]?.trim();
    const verified = field('verified');
    return {
      name,
      source: field('source'),
      sourceId: field('source_id'),
      verified: verified === undefined ? undefined : String(verified) === 'true',
    };
  });
}

if (import.meta.main) {
  try {
    await runCliAsync('import', main);
  } catch (error) {
    if (isDiskFull(error)) {
      process.stderr.write(`import: ${diskFullLine(error)}; nothing was imported\n`);
      process.exitCode = 1;
    } else if (error instanceof ImportStopped) {
      process.stderr.write(`import: stopped (${error.message}); nothing was imported\n`);
      process.exitCode = 130;
    } else throw error;
  }
}
