import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS } from '../../src/lib/content/limits.ts';
import { launchBrowser } from '../support/browser.ts';
import { runBuildScript } from '../support/build.ts';
import { FIXTURE_CONTENT, ROOT } from '../support/paths.ts';
import { startSite, type RunningSite } from '../support/site.ts';

// A review holding one 20,000-letter word and one holding a 97-character URL: every page that shows
// them, and the embed card, break them instead of scrolling sideways on a 360 px phone.
const WORD = 'a'.repeat(20_000);
const URL_TEXT = `https://example.com/photos/${'abcdef0123'.repeat(7)}`;
const scratch = await mkdtemp(join(ROOT, '.test-dist', 'long-'));
let browser: Browser;
let site: RunningSite;

const review = (id: string, date: string, text: string) =>
  `---\nid: ${id}\nauthor: Long Writer\nrating: 4\ndate: ${date}\nsource: google\nverified: true\n---\n${text}\n`;

beforeAll(async () => {
  const content = join(scratch, 'content');
  await cp(FIXTURE_CONTENT, content, { recursive: true });
  await writeFile(join(content, 'reviews/long-word.md'), review('01JA0000000000000000000051', '2025-06-02', `Before ${WORD} after.`));
  await writeFile(
    join(content, 'reviews/long-url.md'),
    review('01JA0000000000000000000052', '2025-06-01', `See ${URL_TEXT} for the photos.`),
  );
  const dist = join(scratch, 'dist');
  const built = await runBuildScript({
    contentDir: content,
    distDir: dist,
    env: { BUILD_TODAY: '2026-11-27', BUILD_CACHE_DIR: join(scratch, '.astro-cache') },
  });
  expect(built.code, built.stderr).toBe(0);
  [browser, site] = await Promise.all([launchBrowser(), startSite(dist)]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('a 20,000-letter word and a long URL in reviews', () => {
  it('stay within the limit a review may have', () => {
    expect(WORD.length).toBeLessThan(MAX_TEXT_CHARS);
    expect(URL_TEXT.length).toBe(97);
  });

  it.each([['/'], ['/reviews/'], ['/reviews/2025-06/']])('never widen %s past a 360 px phone', async (path) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(site.url + path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The word is there, whole, broken over lines rather than cut.
    const text = await page.locator('.review-text', { hasText: 'Before a' }).textContent();
    expect(text).toContain(WORD);
    expect(await page.locator('.review-text', { hasText: 'See https' }).textContent()).toContain(URL_TEXT);
    await context.close();
  });

  it.each([360, 400])('never widen the embed card past a %i px frame', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 410 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/embed/`);
    expect(await page.locator('.text', { hasText: 'Before a' }).count()).toBe(1);
    // The newest reviews are a row to scroll sideways, one card at a time: no card, and no text in one, is wider than the frame.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      cards: [...document.querySelectorAll('.review')].map((e) => e.getBoundingClientRect().width),
      texts: [...document.querySelectorAll('.review .text')].map((e) => e.scrollWidth),
    }));
    expect(widths.page).toBeLessThanOrEqual(width);
    expect(Math.max(...widths.cards)).toBeLessThanOrEqual(width);
    expect(Math.max(...widths.texts)).toBeLessThanOrEqual(width);
    await context.close();
  });
});
