import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { reviewAnchor } from '../../src/lib/site/permalinks.ts';
import { ReviewsDatasetSchema, type ReviewsDataset } from '../../src/schemas/reviews-dataset.ts';
import { PAGE_CSP } from '../../functions/static/headers.ts';
import { launchBrowser, saveScreenshot, seriousAxeViolations } from '../support/browser.ts';
import { FIXTURE_DIST, SAMPLE_DIST } from '../support/paths.ts';
import { startSite, type RunningSite } from '../support/site.ts';

const HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(1)> & "quotes"';
const HOSTILE_ID = '01JA0000000000000000000008';

let browser: Browser;
let sample: RunningSite;
let fixture: RunningSite;
let data: ReviewsDataset;
let pageTypes: [string, string][];

beforeAll(async () => {
  [browser, sample, fixture] = await Promise.all([launchBrowser(), startSite(SAMPLE_DIST), startSite(FIXTURE_DIST)]);
  data = ReviewsDatasetSchema.parse(await (await fetch(`${sample.url}/reviews.json`)).json());
  pageTypes = [
    ['home', '/'],
    ['reviews', '/reviews/'],
    ['month', `/reviews/${data.reviews[0]!.date.slice(0, 7)}/`],
    ['summary', '/summary/'],
    ['aspect', '/summary/aspects/pricing/'],
    ['topic', '/summary/topics/panel-upgrade/'],
    ['developers', '/developers/'],
    ['not found', '/404.html'],
  ];
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([sample?.close(), fixture?.close()]);
});

interface Watched {
  page: Page;
  problems: string[];
  dialogs: string[];
}

/** A page that records console errors, failed requests, error answers and dialogs. */
async function watchedPage(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const problems: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`console ${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/404.html') && problems.push(`${r.status()}: ${r.url()}`));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { page, problems, dialogs };
}

/** A context that keeps the Content-Security-Policy the server sends with every page (no script, no inline style). */
function strictContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return browser.newContext(options);
}

describe('every page type', () => {
  it('loads under the strict CSP with no console error, no failed request and no dialog', async () => {
    const context = await strictContext();
    for (const [name, path] of pageTypes) {
      const { page, problems, dialogs } = await watchedPage(context);
      const response = await page.goto(sample.url + path, { waitUntil: 'load' });
      expect(response?.headers()['content-security-policy'], name).toBe(PAGE_CSP);
      expect(problems, name).toEqual([]);
      expect(dialogs, name).toEqual([]);
      // The stylesheet applied: the CSP let it through.
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
      await page.close();
    }
    await context.close();
  });

  it.each([
    ['light', 390],
    ['dark', 390],
    ['light', 1280],
    ['dark', 1280],
  ] as const)('has no serious or critical axe violation in %s mode at %i px', async (colorScheme, width) => {
    const context = await browser.newContext({ bypassCSP: true, colorScheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const [name, path] of pageTypes) {
      await page.goto(sample.url + path);
      // Open every "show the numbers" table, so its contrast and structure are checked too.
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      const violations = await seriousAxeViolations(page);
      expect(
        violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
        `${name} (${colorScheme}, ${width} px)`,
      ).toEqual([]);
    }
    await context.close();
  });
});

describe('the home page', () => {
  it('shows the rating and review count of /reviews.json', async () => {
    const context = await strictContext();
    const page = await context.newPage();
    await page.goto(`${sample.url}/`);
    expect(Number(await page.textContent('[data-rating]'))).toBe(data.aggregate_rating.rating_value);
    expect(await page.textContent('[data-review-count]')).toBe(`${data.aggregate_rating.review_count} verified reviews`);
    expect(await page.getAttribute('.rating-summary [role="img"]', 'aria-label')).toBe(
      `Rated ${data.aggregate_rating.rating_value} out of 5`,
    );
    await page.goto(`${sample.url}/reviews/`);
    expect(Number(await page.textContent('[data-rating]'))).toBe(data.aggregate_rating.rating_value);
    await context.close();
  });

  it('shows where keyboard focus is: the skip link first, then every link with a visible outline', async () => {
    const context = await strictContext();
    const page = await context.newPage();
    await page.goto(`${sample.url}/`);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return {
          text: el.textContent?.trim() ?? '',
          outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
          visible: box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight + scrollY,
        };
      });
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ text: 'Skip to content', outline: true, visible: true });
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      const state = await focused();
      expect(state.outline && state.visible, state.text).toBe(true);
    }
    await context.close();
  });

  it('writes screenshots of /, /reviews/, /summary/ and /developers/ at 390 and 1280 px, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [390, 1280]) {
        const context = await strictContext({ viewport: { width, height: 900 }, colorScheme });
        const page = await context.newPage();
        for (const [name, path] of [
          ['home', '/'],
          ['reviews', '/reviews/'],
          ['summary', '/summary/'],
          ['developers', '/developers/'],
        ]) {
          await page.goto(sample.url + path);
          // Nothing may stick out sideways at any width.
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
          await saveScreenshot(page, `${name}-${width}-${colorScheme}`);
        }
        await context.close();
      }
    }
  }, 120_000);
});

describe('a review whose text is markup', () => {
  it('renders as text and runs nothing on every page that shows it', async () => {
    const context = await strictContext();
    for (const path of ['/', '/reviews/', '/reviews/2024-08/']) {
      const { page, problems, dialogs } = await watchedPage(context);
      await page.goto(fixture.url + path);
      expect(dialogs, path).toEqual([]);
      expect(problems, path).toEqual([]);
      const texts = await page.locator('.review-text').allTextContents();
      expect(
        texts.map((t) => t.trim()),
        path,
      ).toContain(HOSTILE);
      expect(await page.locator('.review img, .review script, .review b').count(), path).toBe(0);
      await page.close();
    }
    // Without the CSP too: the markup is text, not blocked code.
    const open = await browser.newContext({ bypassCSP: true });
    const { page, dialogs } = await watchedPage(open);
    await page.goto(`${fixture.url}/reviews/2024-08/`);
    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
    expect(await page.textContent(`#${reviewAnchor(HOSTILE_ID)} h2`)).toBe('<img src=x onerror=alert(2)> "Eve" & Co');
    await open.close();
  });
});

describe('tables wider than a phone', () => {
  it.each([['/developers/'], ['/']])(
    'on %s scroll inside a region the keyboard reaches and scrolls, with a hint shown on phones only',
    async (path) => {
      for (const width of [390, 1280]) {
        const context = await strictContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto(sample.url + path);
        await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
        const regions = page.locator('.table-wrap');
        const count = await regions.count();
        expect(count).toBeGreaterThan(0);
        let scrolled = 0;
        for (let i = 0; i < count; i += 1) {
          const region = regions.nth(i);
          expect(await region.getAttribute('tabindex')).toBe('0');
          // A named section: a landmark region.
          expect(await region.evaluate((e) => e.tagName)).toBe('SECTION');
          expect(await region.getAttribute('aria-label')).toBeTruthy();
          const hint = page.locator('.table-wrap + .scroll-hint').nth(i);
          expect(await hint.isVisible(), `hint at ${width}`).toBe(width < 640);
          const overflows = await region.evaluate((e) => e.scrollWidth > e.clientWidth);
          if (!overflows) continue;
          await region.focus();
          await page.keyboard.press('ArrowRight');
          await page.keyboard.press('ArrowRight');
          await expect.poll(() => region.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
          scrolled += 1;
        }
        // At 390 px some table is wider than the screen (the test would prove nothing otherwise); at 1280 none is.
        if (width === 390) expect(scrolled).toBeGreaterThan(0);
        else expect(scrolled).toBe(0);
        await context.close();
      }
    },
  );
});

describe('the widget strip on /developers/ at 390 px', () => {
  it('keeps its link text whole, letting the count give way', async () => {
    const context = await strictContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${sample.url}/developers/`);
    // The preview loads lazily: bring it into view first.
    await page.locator('iframe[src="/embed/compact/"]').scrollIntoViewIfNeeded();
    const more = page.frameLocator('iframe[src="/embed/compact/"]').locator('.more');
    expect(await more.textContent()).toBe('Read the reviews');
    const box = await more.evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { right: r.right, frame: document.documentElement.clientWidth, clipped: e.scrollWidth > e.clientWidth };
    });
    expect(box.clipped).toBe(false);
    expect(box.right).toBeLessThanOrEqual(box.frame);
    await context.close();
  });
});
