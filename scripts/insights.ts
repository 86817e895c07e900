/**
 * `npm run insights -- --input reviews.jsonl [--content DIR]`
 * Analyses the reviews of a JSONL file (one review per line: id, rating, date,
 * text; every other Review field optional) against the taxonomy, roster,
 * catalogue, areas and editorial texts of a content directory, and prints the
 * insights JSON. Bad input: every problem with its line and field, exit 1.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { BusinessFileSchema } from '../src/schemas/business.ts';
import { AspectSchema, ServiceAreaSchema, ServiceFileSchema, TechnicianSchema } from '../src/schemas/catalogue.ts';
import { EditorialFileSchema } from '../src/schemas/editorial.ts';
import type { Review } from '../src/schemas/review.ts';
import { createMentionMatcher } from '../src/lib/mentions.ts';
import { withDerivedMentions } from '../tools/insights/cli/derive-mentions.ts';
import { buildInsights, type InsightsInput } from '../src/lib/insights/index.ts';
import { readInputFile, runCli } from './cli.ts';
import { InputError, ReviewLineSchema, parseJsonl, type ReviewLine } from '../tools/insights/cli/review-lines.ts';

export type ContentInput = Omit<InsightsInput, 'reviews'>;

/** Reads and validates the data files the analyser needs from a content directory. */
export function loadContent(dir: string): ContentInput {
  const business = readJson(dir, 'business.json', BusinessFileSchema);
  return {
    aspects: readJson(dir, 'aspects.json', z.array(AspectSchema)),
    technicians: readJson(dir, 'technicians.json', z.array(TechnicianSchema)),
    services: readJson(dir, 'services.json', z.array(ServiceFileSchema)),
    serviceAreas: readJson(dir, 'service-areas.json', z.array(ServiceAreaSchema)),
    editorial: readJson(dir, 'editorial.json', EditorialFileSchema),
    businessName: business.name,
    officeStaff: business.office_staff,
  };
}

/** Turns parsed lines into Reviews, deriving technicians and services from the text where absent. */
export function toReviews(lines: readonly ReviewLine[], content: ContentInput): Review[] {
  const matcher = createMentionMatcher(content.technicians, content.services);
  return lines.map((line) => withDerivedMentions(line, matcher));
}

function readJson<T extends z.ZodType>(dir: string, file: string, schema: T): z.infer<T> {
  const path = join(dir, file);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new InputError(`${path}: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new InputError(parsed.error.issues.map((i) => `${path}, ${i.path.join('.') || '(file)'}: ${i.message}`).join('\n'));
}

function main(): void {
  const { values } = parseArgs({
    options: { input: { type: 'string' }, content: { type: 'string', default: 'content' } },
  });
  if (!values.input) throw new InputError('usage: npm run insights -- --input reviews.jsonl [--content DIR]');
  const content = loadContent(values.content);
  const reviews = toReviews(parseJsonl(readInputFile(values.input), ReviewLineSchema), content);
  process.stdout.write(`${JSON.stringify(buildInsights({ ...content, reviews }), null, 2)}\n`);
}

if (import.meta.main) runCli('insights', main);
