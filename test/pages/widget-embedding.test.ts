import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import type { RunningServer } from '../../functions/process/server.ts';
import { buildBadge } from '../../src/lib/widget/badge.ts';
import { EMBED_FRAME, EMBED_REVIEW_COUNT } from '../../src/lib/widget/embed-card.ts';
import { reviewPermalink } from '../../src/lib/site/permalinks.ts';
import { badgeSnippet, frameSnippet } from '../../src/lib/widget/snippets.ts';
import type { ReviewsDataset } from '../../src/schemas/reviews-dataset.ts';
import { launchBrowser, saveScreenshot, seriousAxeViolations } from '../support/browser.ts';
import { startHostPage, type HostPage } from '../support/host-page.ts';
import { FIXTURE_DIST, SAMPLE_DIST } from '../support/paths.ts';
import { serve } from '../support/server.ts';

/**
 * The widget where it lives: pasted into a business's own page on another origin, loaded by a real
 * Chromium from the real server over the sample business's build.
 */
let server: RunningServer;
let browser: Browser;
/** One context for the file's pages: the cookie check covers everything the file loaded. */
let context: BrowserContext;
/** For axe, whose script a page's Content-Security-Policy would refuse. */
let axeContext: BrowserContext;
let dataset: ReviewsDataset;

beforeAll(async () => {
  server = await serve(SAMPLE_DIST);
  browser = await launchBrowser();
  context = await browser.newContext({ deviceScaleFactor: 2 });
  axeContext = await browser.newContext({ bypassCSP: true, deviceScaleFactor: 2 });
  dataset = (await (await fetch(`${server.url}/reviews.json`)).json()) as ReviewsDataset;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh page; the test closes it. */
async function openPage(options: { colorScheme?: 'light' | 'dark'; widgetDelayMs?: number; in?: BrowserContext } = {}): Promise<Page> {
  const page = await (options.in ?? context).newPage();
  await page.emulateMedia({ colorScheme: options.colorScheme ?? 'light' });
  if (options.widgetDelayMs) await slowWidgetServer(page, options.widgetDelayMs);
  return page;
}

/** Delays every answer of the widget's server, so the widget arrives after the host page has painted. */
async function slowWidgetServer(page: Page, ms: number): Promise<void> {
  await page.route(`${server.url}/**`, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

/** A host page: some text, the snippets, more text below them that a late-sized widget would push down. */
function hostHtml(snippets: string[]): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">' +
    '<title>Harbor &amp; Pine Electric</title></head><body><main><h1>Electrical work in Tacoma</h1>' +
    `<p>Panel upgrades, EV chargers and repairs.</p>${snippets.map((s) => `<div>${s}</div>`).join('<p>What our customers say.</p>')}` +
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

/** What a test reads from a frame's document: anything that could run, where links go, whether it overflows. */
function inspectFrame(frame: Frame) {
  return frame.evaluate(() => ({
    scripts: document.scripts.length,
    handlers: [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
    styleAttributes: document.querySelectorAll('[style]').length,
    inlineStyles: document.querySelectorAll('style').length,
    linkTargets: [...document.links].map((a) => a.target),
    size: [innerWidth, innerHeight],
    scrollSize: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  }));
}

async function frameAt(page: Page, path: string): Promise<Frame> {
  const url = server.url + path;
  await page.waitForFunction((src) => [...document.querySelectorAll('iframe')].some((f) => f.src === src), url);
  for (let i = 0; i < 100; i++) {
    const frame = page.frames().find((f) => f.url() === url);
    if (frame) return frame;
    await page.waitForTimeout(50);
  }
  throw new Error(`no frame loaded ${url}`);
}

describe('the widget on a business page of another origin', () => {
  let host: HostPage;
  let hostWithoutSize: HostPage;
  beforeAll(async () => {
    const name = dataset.business.name;
    const badge = badgeSnippet(server.url, buildBadge(dataset.aggregate_rating), name);
    host = await startHostPage(hostHtml([badge, frameSnippet(server.url, 'card', name), frameSnippet(server.url, 'compact', name)]));
    // The badge without its size: what the test must see fail, so that it can see a pass.
    hostWithoutSize = await startHostPage(hostHtml([badge.replace(/ width="\d+" height="\d+"/, '')]));
  });
  afterAll(async () => {
    await host?.close();
    await hostWithoutSize?.close();
  });

  it('loads badge, card and strip from their own origin only, with no script and no cookie, and moves nothing', async () => {
    const page = await openPage({ widgetDelayMs: 400 });
    const requests: { url: string; fromFrame: boolean }[] = [];
    page.on('request', (r) => requests.push({ url: r.url(), fromFrame: r.frame() !== page.mainFrame() }));
    try {
      await page.goto(host.url, { waitUntil: 'load' });
      const card = await frameAt(page, EMBED_FRAME.card.path);
      const compact = await frameAt(page, EMBED_FRAME.compact.path);
      await card.locator('.review').first().waitFor();
      await compact.locator('.strip').waitFor();

      // The badge is the served image at its declared size.
      const badge = buildBadge(dataset.aggregate_rating);
      const img = page.locator('img');
      expect(await img.evaluate((el: HTMLImageElement) => [el.complete, el.naturalWidth, el.naturalHeight, el.width, el.height])).toEqual([
        true,
        badge.width,
        badge.height,
        badge.width,
        badge.height,
      ]);

      // The card shows /reviews.json's figures and its newest reviews.
      const { aggregate_rating: aggregate } = dataset;
      expect(await card.locator('h1').textContent()).toBe(dataset.business.name);
      expect(await card.locator('.value').textContent()).toBe(String(aggregate.rating_value));
      expect(await card.locator('.summary .count').textContent()).toBe(`from ${aggregate.review_count} reviews`);
      expect(await card.locator('.distribution .n').allTextContents()).toEqual(
        ['5', '4', '3', '2', '1'].map((n) => String(aggregate.distribution[n as '5'])),
      );
      expect(await card.locator('.review a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
        dataset.reviews.slice(0, EMBED_REVIEW_COUNT).map(reviewPermalink),
      );
      expect(await card.locator('.review .author').allTextContents()).toEqual(
        dataset.reviews.slice(0, EMBED_REVIEW_COUNT).map((r) => r.author),
      );
      // What a screen reader reads, spaces included.
      const spoken = async (frame: Frame, selector: string) => (await frame.locator(selector).textContent())!.replace(/\s+/g, ' ').trim();
      const sentence = `${aggregate.rating_value} out of 5 from ${aggregate.review_count} reviews`;
      expect(await spoken(card, '.score')).toBe(sentence);
      expect(await spoken(compact, '.strip')).toBe(`${sentence} Read the reviews`);

      for (const [frame, kind] of [
        [card, 'card'],
        [compact, 'compact'],
      ] as const) {
        const inside = await inspectFrame(frame);
        expect(inside).toMatchObject({ scripts: 0, handlers: [], styleAttributes: 0, inlineStyles: 0 });
        expect(inside.linkTargets.length).toBeGreaterThan(0);
        expect(new Set(inside.linkTargets)).toEqual(new Set(['_top']));
        // The frame is the snippet's size and the card fits in it.
        expect(inside.size).toEqual([EMBED_FRAME[kind].width, EMBED_FRAME[kind].height]);
        expect(inside.scrollSize).toEqual(inside.size);
      }

      // Every request the frames made went to the service's origin, the stylesheet among them; nothing went anywhere else.
      const fromFrames = requests.filter((r) => r.fromFrame).map((r) => new URL(r.url));
      expect(fromFrames.some((u) => u.pathname.endsWith('.css'))).toBe(true);
      expect(new Set(fromFrames.map((u) => u.origin))).toEqual(new Set([server.url]));
      expect(new Set(requests.map((r) => new URL(r.url).origin))).toEqual(new Set([new URL(host.url).origin, server.url]));

      expect(await context.cookies()).toEqual([]);
      expect(await layoutShifts(page)).toEqual([]);

      // "Read all" opens the reviews in the top window, not inside the frame.
      await Promise.all([page.waitForURL(`${server.url}/reviews/`), card.locator('.all a').click()]);
    } finally {
      await page.close();
    }
  });

  it('would shift the page without the badge width and height (the measurement sees a shift)', async () => {
    const page = await openPage({ widgetDelayMs: 400 });
    try {
      await page.goto(hostWithoutSize.url, { waitUntil: 'load' });
      const shifts = await layoutShifts(page);
      expect(shifts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });

  it.each(['light', 'dark'] as const)('follows the %s colour scheme (screenshot of the host page)', async (colorScheme) => {
    const page = await openPage({ colorScheme });
    try {
      await page.setViewportSize({ width: 800, height: 900 });
      await page.goto(host.url, { waitUntil: 'load' });
      await (await frameAt(page, EMBED_FRAME.card.path)).locator('.review').first().waitFor();
      await (await frameAt(page, EMBED_FRAME.compact.path)).locator('.strip').waitFor();
      await saveScreenshot(page, `widget-host-${colorScheme}`);
      const cardBackground = await (
        await frameAt(page, EMBED_FRAME.card.path)
      ).evaluate(() => getComputedStyle(document.body).backgroundColor);
      // The badge's background as its own stylesheet paints it under this scheme (an image's pixels
      // cannot be read across origins: the badge is opened as a document of its own).
      await page.goto(`${server.url}/badge.svg`);
      const badgeBackground = await page.evaluate(() => getComputedStyle(document.querySelector('rect.b')!).fill);
      expect(badgeBackground).toBe(colorScheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(18, 20, 23)');
      expect(cardBackground).toBe(colorScheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(18, 20, 23)');
    } finally {
      await page.close();
    }
  });
});

describe('the card on its own', () => {
  it('is usable by keyboard and never moves by itself', async () => {
    const page = await openPage();
    try {
      await page.setViewportSize({ width: EMBED_FRAME.card.width, height: EMBED_FRAME.card.height });
      await page.goto(`${server.url}${EMBED_FRAME.card.path}`);
      const row = page.locator('.row');
      await page.waitForTimeout(1_000);
      expect(await row.evaluate((el) => el.scrollLeft)).toBe(0);

      // First stop: the row itself, which the arrow keys scroll.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('row');
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.querySelector('.row')!.scrollLeft > 0, undefined, { timeout: 5_000 });
      await row.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));

      // Then each review's link in turn; a review out of sight scrolls into it when its link takes focus.
      const rowBox = (await row.boundingBox())!;
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return { href: el.getAttribute('href'), review: [...document.querySelectorAll('.review')].indexOf(el.closest('.review')!) };
        });
        expect(focused.review).toBe(i);
        expect(focused.href).toBe(reviewPermalink(dataset.reviews[i]!));
      }
      await page.waitForFunction(() => {
        const link = document.activeElement!.getBoundingClientRect();
        const box = document.querySelector('.row')!.getBoundingClientRect();
        return link.left >= box.left && link.right <= box.right;
      });
      expect(rowBox.width).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });

  it.each([300, 600])('fits a frame %i pixels wide at the snippet height (a phone column, a wide column)', async (width) => {
    const page = await openPage();
    try {
      for (const kind of ['card', 'compact'] as const) {
        await page.setViewportSize({ width, height: EMBED_FRAME[kind].height });
        await page.goto(server.url + EMBED_FRAME[kind].path);
        const [scrollWidth, scrollHeight] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.scrollHeight,
        ]);
        expect([scrollWidth, scrollHeight], kind).toEqual([width, EMBED_FRAME[kind].height]);
      }
    } finally {
      await page.close();
    }
  });

  describe.each(['light', 'dark'] as const)('in the %s colour scheme', (colorScheme) => {
    it.each(['card', 'compact'] as const)('the %s has no serious or critical axe violation (screenshot)', async (kind) => {
      const page = await openPage({ colorScheme, in: axeContext });
      try {
        const { path, width, height } = EMBED_FRAME[kind];
        await page.setViewportSize({ width, height });
        await page.goto(server.url + path);
        await saveScreenshot(page, `widget-${kind}-${colorScheme}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
});

describe('a review full of markup', () => {
  let fixture: RunningServer;
  beforeAll(async () => (fixture = await serve(FIXTURE_DIST)));
  afterAll(() => fixture?.close());

  it('is shown in the card as the text it is, and nothing in it runs', async () => {
    const { reviews } = (await (await fetch(`${fixture.url}/reviews.json`)).json()) as ReviewsDataset;
    const hostile = reviews.find((r) => r.text?.includes('<script>'));
    expect(hostile, 'the fixture business has a review whose text holds a <script>').toBeDefined();
    const page = await openPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    try {
      await page.goto(`${fixture.url}${EMBED_FRAME.card.path}`);
      const article = page.getByRole('article', { name: hostile!.author, exact: true });
      expect(await article.locator('.text').textContent()).toBe(hostile!.text);
      expect(await article.locator('.author').textContent()).toBe(hostile!.author);
      expect(await page.evaluate(() => [document.scripts.length, document.querySelectorAll('main img, main b').length])).toEqual([0, 0]);
      expect(dialogs).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
