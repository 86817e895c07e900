/**
 * A real Chromium for browser tests, from npm alone: `@sparticuz/chromium` ships the binary inside
 * its package and `playwright-core` drives it, so `npm test` on a machine with only npm runs them.
 * `axe-core` is injected from its npm file; pages with a strict Content-Security-Policy refuse that
 * script, so scan in a context made with `bypassCSP: true` and check the CSP itself in another.
 */
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import chromiumBinary from '@sparticuz/chromium';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Screenshots the test run writes for a person to look at (git-ignored). */
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-output/screenshots');

/**
 * The package's flags are made for a serverless sandbox, where `--single-process` saves memory; here
 * it takes the whole browser down when a test closes a context, so tests run the usual processes.
 */
const UNWANTED_FLAGS = new Set(['--single-process']);

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumBinary.executablePath(),
    args: chromiumBinary.args.filter((flag) => !UNWANTED_FLAGS.has(flag)),
    headless: true,
  });
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe's serious and critical violations on the page as it is now (the page's context needs `bypassCSP`). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Full-page screenshot under {@link SCREENSHOT_DIR}; returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
