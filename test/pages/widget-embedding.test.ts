import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from '../../functions/server.ts';
import { buildBadge } from '../../src/lib/widget/badge.ts';
import { badgeSnippet } from '../../src/lib/widget/snippets.ts';
import type { ReviewsDataset } from '../../src/schemas/reviews-dataset.ts';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';
import { startHostPage, type HostPage } from '../support/host-page.ts';
import { SAMPLE_DIST } from '../support/paths.ts';
import { serve } from '../support/server.ts';

/**
 * The widget where it lives: pasted into a business's own page on another origin, loaded by a real
 * Chromium from the real server over the sample business's build.
 */
let server: RunningServer;
let browser: Browser;
/** One context for the file: the npm Chromium runs as a single process, which closing a context can end. */
let context: BrowserContext;
let dataset: ReviewsDataset;

beforeAll(async () => {
  server = await serve(SAMPLE_DIST);
  browser = await launchBrowser();
  context = await browser.newContext({ deviceScaleFactor: 2 });
  dataset = (await (await fetch(`${server.url}/reviews.json`)).json()) as ReviewsDataset;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh page; the test closes it. */
async function openPage(options: { colorScheme?: 'light' | 'dark'; widgetDelayMs?: number } = {}): Promise<Page> {
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: options.colorScheme ?? 'light' });
  if (options.widgetDelayMs) await slowWidgetServer(page, options.widgetDelayMs);
  return page;
}

/** A host page: some text, the snippets, more text below them that a late-sized widget would push down. */
function hostHtml(snippets: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>Harbor &amp; Pine Electric</title></head>' +
    `<body><main><h1>Electrical work in Tacoma</h1><p>Panel upgrades, EV chargers and repairs.</p>${snippets}` +
    '<p>Call us any weekday.</p><p>We answer the same day.</p></main></body></html>'
  );
}

/** Every layout shift the page has recorded since it started (buffered), as their scores. */
function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const scores: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) scores.push((entry as PerformanceEntry & { value: number }).value);
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in a later task: give them one.
        setTimeout(() => {
          observer.disconnect();
          resolve(scores);
        }, 300);
      }),
  );
}

/** Delays every answer of the widget's server, so the widget arrives after the host page has painted. */
async function slowWidgetServer(page: Page, ms: number): Promise<void> {
  await page.route(`${server.url}/**`, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

describe('the badge on a business page of another origin', () => {
  let host: HostPage;
  let hostWithoutSize: HostPage;
  beforeAll(async () => {
    const badge = buildBadge(dataset.aggregate_rating);
    const snippet = badgeSnippet(server.url, badge, dataset.business.name);
    host = await startHostPage(hostHtml(snippet));
    // The same snippet without its size: what the test must see fail, so that it can see a pass.
    hostWithoutSize = await startHostPage(hostHtml(snippet.replace(/ width="\d+" height="\d+"/, '')));
  });
  afterAll(async () => {
    await host?.close();
    await hostWithoutSize?.close();
  });

  it('is the served badge, of its declared size, and moves nothing while it loads', async () => {
    const page = await openPage({ widgetDelayMs: 400 });
    try {
      await page.goto(host.url, { waitUntil: 'load' });
      const img = page.locator('img');
      expect(await img.evaluate((el: HTMLImageElement) => [el.complete, el.naturalWidth, el.naturalHeight, el.width, el.height])).toEqual([
        true,
        buildBadge(dataset.aggregate_rating).width,
        buildBadge(dataset.aggregate_rating).height,
        buildBadge(dataset.aggregate_rating).width,
        buildBadge(dataset.aggregate_rating).height,
      ]);
      expect(await img.getAttribute('alt')).toBe(`Star rating of ${dataset.business.name} from its verified customer reviews`);
      expect(await layoutShifts(page)).toEqual([]);
      expect(await context.cookies()).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('would shift the page without its width and height (the measurement sees a shift)', async () => {
    const page = await openPage({ widgetDelayMs: 400 });
    try {
      await page.goto(hostWithoutSize.url, { waitUntil: 'load' });
      const shifts = await layoutShifts(page);
      expect(shifts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });

  it.each(['light', 'dark'] as const)('follows the %s colour scheme (screenshot)', async (colorScheme) => {
    const page = await openPage({ colorScheme });
    try {
      await page.goto(host.url, { waitUntil: 'load' });
      // The badge's own background, sampled from its rendering: white in light, near black in dark.
      await saveScreenshot(page, `widget-badge-${colorScheme}`);
      const background = await page.evaluate(async () => {
        const img = document.querySelector('img')!;
        const canvas = new OffscreenCanvas(img.naturalWidth, img.naturalHeight);
        const g = canvas.getContext('2d')!;
        g.drawImage(img, 0, 0);
        return [...g.getImageData(3, 14, 1, 1).data];
      });
      expect(background).toEqual(colorScheme === 'light' ? [255, 255, 255, 255] : [13, 17, 23, 255]);
    } finally {
      await page.close();
    }
  });
});
