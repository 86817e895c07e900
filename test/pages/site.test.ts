import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_REVIEWS } from '../../src/lib/site/home.ts';
import { reviewAnchor, reviewPermalink } from '../../src/lib/site/permalinks.ts';
import { JsonFeedSchema } from '../../src/schemas/json-feed.ts';
import { BusinessFileSchema } from '../../src/schemas/business.ts';
import { ReviewsDatasetSchema, type ReviewsDataset } from '../../src/schemas/reviews-dataset.ts';
import { FIXTURE_CONTENT, FIXTURE_DIST, ROOT, SAMPLE_DIST } from '../support/paths.ts';
import { postInitialize } from '../support/mcp-http.ts';
import { decodeEntities, jsonLdBlocks, pageLinks, startSite, type RunningSite } from '../support/site.ts';

const HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(1)> & "quotes"';
const HOSTILE_ID = '01JA0000000000000000000008';

interface Crawl {
  /** Every HTML page reached from `/`, by path. */
  pages: Map<string, string>;
  /** Every internal link target, with the status it answered. */
  statuses: Map<string, number>;
}

/** Follows every internal link from `/`; HTML pages are read, other targets only fetched. */
async function crawl(site: RunningSite): Promise<Crawl> {
  const pages = new Map<string, string>();
  const statuses = new Map<string, number>();
  const queue = ['/'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (statuses.has(path)) continue;
    if (statuses.size > 2000) throw new Error('crawl bound reached: more links than the site should have');
    const response = await fetch(site.url + path);
    statuses.set(path, response.status);
    if (!response.headers.get('content-type')?.startsWith('text/html')) {
      await response.arrayBuffer();
      continue;
    }
    const html = await response.text();
    pages.set(path, html);
    for (const link of pageLinks(html)) {
      if (!link.startsWith('/') || link.startsWith('//')) continue;
      const target = link.split('#')[0]!;
      if (!statuses.has(target)) queue.push(target);
    }
  }
  return { pages, statuses };
}

async function dataset(site: RunningSite): Promise<ReviewsDataset> {
  return ReviewsDatasetSchema.parse(await (await fetch(`${site.url}/reviews.json`)).json());
}

const runs: Record<'sample' | 'fixture', { site: RunningSite; crawled: Crawl; data: ReviewsDataset; notFound: string }> = {} as never;

beforeAll(async () => {
  for (const [name, dist] of [
    ['sample', SAMPLE_DIST],
    ['fixture', FIXTURE_DIST],
  ] as const) {
    const site = await startSite(dist);
    const notFound = await (await fetch(`${site.url}/404.html`)).text();
    runs[name] = { site, crawled: await crawl(site), data: await dataset(site), notFound };
  }
});
afterAll(async () => {
  await Promise.all(Object.values(runs).map((r) => r.site.close()));
});

describe.each(['sample', 'fixture'] as const)('%s: every page', (name) => {
  it('reaches every page type from / and every internal link answers 200', () => {
    const { crawled, data } = runs[name];
    const paths = [...crawled.pages.keys()];
    expect(paths).toEqual(expect.arrayContaining(['/', '/reviews/', '/summary/', '/developers/']));
    const months = new Set(data.reviews.map((r) => r.date.slice(0, 7)));
    expect(paths.filter((p) => /^\/reviews\/\d{4}-\d{2}\/$/.test(p)).sort()).toEqual([...months].map((m) => `/reviews/${m}/`).sort());
    const broken = [...crawled.statuses].filter(([, status]) => status !== 200);
    expect(broken).toEqual([]);
  });

  it('links to fragments that exist on their page', () => {
    const { pages } = runs[name].crawled;
    const missing: string[] = [];
    for (const [from, html] of pages) {
      for (const link of pageLinks(html)) {
        const [path, fragment] = link.split('#');
        if (fragment === undefined || (path !== '' && !path!.startsWith('/'))) continue;
        const target = pages.get(path || from);
        if (!target?.includes(`id="${fragment}"`)) missing.push(`${from} → ${link}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is valid HTML (html-validate, recommended rules)', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
    const { notFound } = runs[name];
    expect(notFound).toContain('<h1>Page not found</h1>');
    const problems: string[] = [];
    for (const [path, html] of [...runs[name].crawled.pages, ['/404.html', notFound] as const]) {
      const report = await validator.validateString(html, path);
      for (const result of report.results)
        for (const m of result.messages) problems.push(`${path}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    }
    expect(problems).toEqual([]);
  });

  it('runs no script and carries no inline style: one external stylesheet, JSON-LD only as data', () => {
    for (const [path, html] of runs[name].crawled.pages) {
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
      expect(
        scripts.every((attrs) => attrs === ' type="application/ld+json"'),
        path,
      ).toBe(true);
      expect(html, path).not.toMatch(/<style\b|\sstyle="|\son[a-z]+="/i);
      expect([...html.matchAll(/<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/g)], path).toHaveLength(1);
    }
  });

  it('has one h1 and headings in order', () => {
    for (const [path, html] of runs[name].crawled.pages) {
      const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
      expect(
        levels.filter((l) => l === 1),
        path,
      ).toHaveLength(1);
      expect(levels[0], path).toBe(1);
      levels.forEach(
        (level, i) => i > 0 && expect(level - levels[i - 1]!, `${path}: h${levels[i - 1]} then h${level}`).toBeLessThanOrEqual(1),
      );
    }
  });
});

describe('permalinks', () => {
  it('put every published review, once, on the page its permalink names, under its anchor', () => {
    const { crawled, data } = runs.sample;
    let anchored = 0;
    for (const review of data.reviews) {
      const [path, fragment] = reviewPermalink(review).split('#');
      expect(fragment).toBe(reviewAnchor(review.id));
      expect(crawled.pages.get(path!)?.includes(`<article class="review" id="${fragment}"`), review.id).toBe(true);
    }
    for (const [path, html] of crawled.pages)
      if (path.startsWith('/reviews/2')) anchored += html.split('<article class="review" id="review-').length - 1;
    expect(anchored).toBe(data.reviews.length);
  });
});

describe('the home page', () => {
  it('shows the rating and review count of /reviews.json', () => {
    const { crawled, data } = runs.sample;
    const home = crawled.pages.get('/')!;
    const rating = /<span class="rating-value" data-rating>([^<]+)<\/span>/.exec(home)?.[1];
    expect(Number(rating)).toBe(data.aggregate_rating.rating_value);
    const count = /data-review-count>([\d,]+) verified reviews</.exec(home)?.[1];
    expect(Number(count?.replace(/,/g, ''))).toBe(data.aggregate_rating.review_count);
  });

  it('describes the business in JSON-LD as /reviews.json and business.json say, with the reviews it shows', async () => {
    const { crawled, data, site } = runs.sample;
    const file = BusinessFileSchema.parse(JSON.parse(await readFile(join(ROOT, 'content/business.json'), 'utf8')));
    const [ld, ...rest] = jsonLdBlocks(crawled.pages.get('/')!) as Record<string, unknown>[];
    expect(rest).toEqual([]);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Electrician',
      name: file.name,
      description: file.description,
      url: file.url,
      telephone: file.telephone,
      email: file.email,
      foundingDate: file.founded,
      sameAs: file.same_as,
      address: {
        '@type': 'PostalAddress',
        streetAddress: file.address.street_address,
        addressLocality: file.address.locality,
        addressRegion: file.address.region,
        postalCode: file.address.postal_code,
        addressCountry: file.address.country,
      },
      openingHoursSpecification: file.hours.map((h) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: expect.arrayContaining([expect.stringMatching(/^https:\/\/schema\.org\/[A-Z][a-z]+day$/)]),
        opens: h.opens,
        closes: h.closes,
      })),
      areaServed: data.business.service_areas.map((n) => ({ '@type': 'Place', name: n })),
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: data.aggregate_rating.rating_value,
        reviewCount: data.aggregate_rating.review_count,
        bestRating: 5,
        worstRating: 1,
      },
    });
    const shown = data.reviews.slice(0, HOME_REVIEWS);
    const reviews = ld!.review as Record<string, unknown>[];
    expect(reviews.map((r) => r.url)).toEqual(shown.map((r) => `http://localhost:4321${reviewPermalink(r)}`));
    expect(reviews.map((r) => (r.reviewRating as { ratingValue: number }).ratingValue)).toEqual(shown.map((r) => r.rating));
    expect(reviews.map((r) => r.reviewBody ?? null)).toEqual(shown.map((r) => r.text));
    for (const r of reviews) expect((await fetch(site.local(r.url as string))).status).toBe(200);
  });

  it('is at most 60 KB of HTML, CSS and SVG, and loads no JavaScript', async () => {
    const { crawled, site } = runs.sample;
    const home = crawled.pages.get('/')!;
    let bytes = Buffer.byteLength(home);
    const assets = pageLinks(home).filter((l) => /\.(css|svg|js|mjs)$/.test(l));
    expect(assets.filter((l) => /\.m?js$/.test(l))).toEqual([]);
    for (const asset of assets) bytes += (await (await fetch(site.url + asset)).arrayBuffer()).byteLength;
    expect(bytes).toBeLessThanOrEqual(60 * 1024);
  });
});

describe('the feeds', () => {
  it('link every entry to its permalink, whose page holds the review, and keep the source beside it', async () => {
    const { site, data } = runs.sample;
    const feed = JsonFeedSchema.parse(await (await fetch(`${site.url}/api/feed.json`)).json());
    const atom = await (await fetch(`${site.url}/feed.xml`)).text();
    const entries = [...atom.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => m[1]!);
    expect(entries).toHaveLength(feed.items.length);
    const byId = new Map(data.reviews.map((r) => [r.id, r]));
    for (const [i, item] of feed.items.entries()) {
      const review = byId.get(item.id)!;
      const permalink = `http://localhost:4321${reviewPermalink(review)}`;
      expect(item.url).toBe(permalink);
      expect(item.external_url).toBe(review.source_url ?? undefined);
      const links = [...entries[i]!.matchAll(/<link ([^>]*)\/>/g)].map((m) => decodeEntities(m[1]!));
      expect(links).toEqual([`href="${permalink}"`, ...(review.source_url ? [`rel="via" href="${new URL(review.source_url).href}"`] : [])]);
      const response = await fetch(site.local(item.url!));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      const article = html.slice(html.indexOf(`id="review-${review.id}"`));
      expect(article.length, review.id).toBeGreaterThan(0);
      if (review.text) expect(decodeEntities(article)).toContain(review.text.split('\n')[0]);
    }
  });
});

describe('llms.txt, sitemap.xml and robots.txt', () => {
  it('llms.txt follows llmstxt.org and every URL in it answers', async () => {
    const { site } = runs.sample;
    const text = await (await fetch(`${site.url}/llms.txt`)).text();
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.find((l) => l.trim() !== '' && !l.startsWith('# '))).toMatch(/^> \S/);
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## Datasets', '## Feeds', '## API', '## Pages', '## Optional']);
    const urls = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\): \S/gm)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(14);
    for (const url of urls) {
      const local = site.local(url);
      const path = new URL(local).pathname;
      const response =
        path === '/mcp'
          ? await postInitialize(new URL(local).origin)
          : path === '/api/websub/hub'
            ? await fetch(local, { method: 'POST', body: new URLSearchParams({ 'hub.mode': 'publish' }) })
            : await fetch(local);
      await response.arrayBuffer();
      expect(response.status, url).toBe(path === '/api/websub/hub' ? 202 : 200);
    }
  });

  it('the sitemap lists every HTML page, each answering 200; robots.txt names it', async () => {
    const { site, crawled } = runs.sample;
    const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeEntities(m[1]!));
    // The widget's frames (/embed/…) say noindex: not pages of their own for search engines.
    const indexable = [...crawled.pages]
      .filter(([, html]) => !html.includes('<meta name="robots" content="noindex">'))
      .map(([path]) => path);
    expect(crawled.pages.has('/embed/') && !indexable.includes('/embed/')).toBe(true);
    expect(locs.map((l) => new URL(l).pathname).sort()).toEqual(indexable.sort());
    for (const loc of locs) expect((await fetch(site.local(loc))).status).toBe(200);
    expect(await (await fetch(`${site.url}/robots.txt`)).text()).toContain('Sitemap: http://localhost:4321/sitemap.xml');
  });
});

describe('a review whose text is markup', () => {
  it('is text on every page that shows it, in the JSON-LD and in both feeds', async () => {
    const { site, crawled } = runs.fixture;
    const file = await readFile(join(FIXTURE_CONTENT, 'reviews/h.md'), 'utf8');
    expect(file).toContain(HOSTILE);
    const escaped = '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;';
    const showing = [...crawled.pages].filter(([, html]) => html.includes(escaped)).map(([path]) => path);
    // The summary's pricing page lists every review that mentions pricing, this one too.
    expect(showing.sort()).toEqual(['/', '/embed/', '/reviews/', '/reviews/2024-08/', '/summary/aspects/pricing/']);
    for (const html of crawled.pages.values()) {
      expect(html).not.toContain('<script>alert');
      expect(html).not.toMatch(/<img[^>]*onerror/);
      expect(html).not.toMatch(/<b onmouseover/);
    }
    const home = crawled.pages.get('/')!;
    const [ld] = jsonLdBlocks(home) as { review: { '@id': string; reviewBody?: string; author: { name: string } }[] }[];
    const hostile = ld!.review.find((r) => r['@id'].endsWith(HOSTILE_ID))!;
    expect(hostile.reviewBody).toBe(HOSTILE);
    expect(hostile.author.name).toBe('<img src=x onerror=alert(2)> "Eve" & Co');
    // The JSON-LD block ends where it should: the review's own </script> is not markup.
    expect(home.split('</script>')).toHaveLength(2);

    const feed = JsonFeedSchema.parse(await (await fetch(`${site.url}/api/feed.json`)).json());
    expect(feed.items.find((i) => i.id === HOSTILE_ID)?.content_text).toContain(HOSTILE);
    const atom = await (await fetch(`${site.url}/feed.xml`)).text();
    expect(atom).toContain(escaped);
    expect(atom).not.toMatch(/<script|<img/);
  });
});
