import { getCollection } from 'astro:content';
import buildConfig from 'virtual:build-config';
import { buildInsights } from '../lib/insights/index.ts';
import { dateIn } from '../lib/content/dates.ts';
import { buildReviewsDataset, type BuiltDataset, type SiteContent } from '../lib/reviews-dataset.ts';
import type { Aspect } from '../schemas/catalogue.ts';
import type { EditorialFile } from '../schemas/editorial.ts';
import type { Insights } from '../schemas/insights.ts';
import type { ReviewFile } from '../schemas/review.ts';

/** Everything the artifact pages need, read from the collections once per build. */
export interface Site extends BuiltDataset {
  /** Public base URL, no trailing slash. */
  base: string;
  content: SiteContent;
  aspects: Aspect[];
  editorial: EditorialFile;
}

let site: Promise<Site> | undefined;
let insights: Promise<Insights> | undefined;

export function loadSite(): Promise<Site> {
  site ??= readSite();
  return site;
}

/** The insights, analysed once per build: `/insights.json` and every page that shows a figure of it read this one object. */
export function loadInsights(): Promise<Insights> {
  insights ??= loadSite().then(analyse);
  return insights;
}

function analyse({ dataset, content, aspects, editorial }: Site): Insights {
  const started = performance.now();
  const result = buildInsights({
    reviews: dataset.reviews,
    aspects,
    technicians: content.technicians,
    services: content.services,
    serviceAreas: content.serviceAreas,
    editorial,
    businessName: dataset.business.name,
    officeStaff: content.business.office_staff,
  });
  // Read by `npm run bench` for the analyser's share of the build time.
  console.log(`[insights] analysed ${dataset.reviews.length} reviews in ${Math.round(performance.now() - started)} ms`);
  return result;
}

async function readSite(): Promise<Site> {
  const { site: base, contentDir, today } = buildConfig;
  const [business, technicians, services, serviceAreas, aspects, editorial, reviews] = await Promise.all([
    getCollection('business'),
    getCollection('technicians'),
    getCollection('services'),
    getCollection('serviceAreas'),
    getCollection('aspects'),
    getCollection('editorial'),
    getCollection('reviews'),
  ]);
  const content: SiteContent = {
    business: only(business, 'business.json').data,
    technicians: technicians.map((e) => e.data),
    services: services.map((e) => e.data),
    serviceAreas: serviceAreas.map((e) => e.data),
    reviews: reviews.map((e) => ({
      file: e.filePath ?? `${contentDir}/reviews/${e.id}.md`,
      data: e.data as ReviewFile,
      body: e.body ?? '',
    })),
  };
  const built = buildReviewsDataset(content, { today: today ?? dateIn(content.business.timezone, new Date()) });
  for (const warning of built.warnings) console.warn(`[content] ${warning}`);
  return {
    ...built,
    base,
    content,
    aspects: aspects.map((e) => e.data),
    editorial: only(editorial, 'editorial.json').data,
  };
}

function only<T>(entries: T[], file: string): T {
  const [entry] = entries;
  if (!entry) throw new Error(`content/${file} produced no entry`);
  return entry;
}
