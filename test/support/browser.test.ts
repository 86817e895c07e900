import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, seriousAxeViolations } from './browser.ts';

// The browser set-up itself: a page loads, and axe reports a serious violation it should.
describe('browser support', () => {
  let browser: Browser;
  beforeAll(async () => (browser = await launchBrowser()));
  afterAll(() => browser?.close());

  it('runs a page and finds an image without a text alternative', async () => {
    const page = await browser.newPage();
    await page.setContent(
      '<!doctype html><html lang="en"><title>t</title><main><h1>Hi</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></html>',
    );
    expect(await page.textContent('h1')).toBe('Hi');
    const ids = (await seriousAxeViolations(page)).map((v) => v.id);
    expect(ids).toContain('image-alt');
  });
});
