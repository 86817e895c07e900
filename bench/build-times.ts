import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { generateContent } from '../scripts/synthetic/generate.ts';
import { buildSite } from '../test/support/build.ts';

export interface BuildTime {
  reviews: number;
  buildMs: number;
  /** Time the insights analyser took inside that build (logged by src/pages/insights.json.ts). */
  analyserMs: number;
  share: number;
  /** Peak resident memory of the build process (Linux VmHWM), in bytes; NaN where /proc is missing. */
  peakRssBytes: number;
  /** `/`: its HTML plus the stylesheets and SVG it links, in bytes (0 when the build has no home page). */
  homeBytes: number;
  /** HTML pages the build wrote. */
  pages: number;
}

const ROOT = join(import.meta.dirname, '..');

/**
 * The full `astro build` of a generated business of each size, timed from the
 * outside, with the analyser's own time read from the build's log.
 */
export async function benchBuildTimes(sizes: readonly number[], log: (line: string) => void = console.log): Promise<BuildTime[]> {
  const results: BuildTime[] = [];
  for (const count of sizes) {
    const contentDir = await generatedContent(count);
    const outDir = join(ROOT, '.bench', `build-${count}`);
    const peak = new PeakRss();
    const started = performance.now();
    const result = await buildSite({ contentDir, outDir, onSpawn: (pid) => peak.watch(pid) });
    const buildMs = performance.now() - started;
    const peakRssBytes = peak.stop();
    if (result.code !== 0) throw new Error(`build of ${count} reviews failed:\n${result.output.slice(-4000)}`);
    const analyserMs = Number(/\[insights\] analysed \d+ reviews in (\d+) ms/.exec(result.output)?.[1] ?? NaN);
    const client = join(outDir, 'client');
    const row = { reviews: count, buildMs, analyserMs, share: analyserMs / buildMs, peakRssBytes, ...(await siteSize(client)) };
    log(
      `build ${String(count).padStart(6)} reviews: ${(buildMs / 1000).toFixed(1)} s, analyser ${(analyserMs / 1000).toFixed(1)} s (${(row.share * 100).toFixed(0)}% of the build), peak RSS ${(peakRssBytes / 2 ** 30).toFixed(2)} GiB, ${row.pages} HTML pages, / ${(row.homeBytes / 1024).toFixed(1)} KB with its CSS and SVG`,
    );
    results.push(row);
  }
  return results;
}

/** The home page's weight (HTML and the CSS and SVG files it links) and how many HTML pages there are. */
async function siteSize(client: string): Promise<{ homeBytes: number; pages: number }> {
  const files = await readdir(client, { recursive: true });
  const pages = files.filter((f) => f.endsWith('.html')).length;
  if (!existsSync(join(client, 'index.html'))) return { homeBytes: 0, pages };
  const home = await readFile(join(client, 'index.html'));
  const linked = [...home.toString().matchAll(/\s(?:href|src)="(\/[^"]+\.(?:css|svg))"/g)].map((m) => m[1]!);
  let homeBytes = home.byteLength;
  for (const path of new Set(linked)) homeBytes += (await stat(join(client, path))).size;
  return { homeBytes, pages };
}

/**
 * The build's peak resident memory: the kernel keeps the high-water mark (VmHWM) per process, so
 * sampling it now and then and keeping the last value read before exit loses nothing between samples.
 */
class PeakRss {
  #bytes = NaN;
  #timer: NodeJS.Timeout | undefined;

  watch(pid: number): void {
    const sample = async () => {
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
      const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
      if (kb) this.#bytes = Math.max(Number.isNaN(this.#bytes) ? 0 : this.#bytes, Number(kb) * 1024);
    };
    this.#timer = setInterval(() => void sample(), 100);
  }

  stop(): number {
    clearInterval(this.#timer);
    return this.#bytes;
  }
}

/**
 * The generated content folder for a size, made once (the generator is seeded,
 * so it only needs remaking when the sample's data files gain a field).
 */
export async function generatedContent(count: number): Promise<string> {
  const dir = join(ROOT, 'bench', `content-${count >= 1000 ? `${count / 1000}k` : count}`);
  const reviews = join(dir, 'reviews');
  const business = join(dir, 'business.json');
  const sameData =
    existsSync(business) && (await readFile(business, 'utf8')) === (await readFile(join(ROOT, 'content/business.json'), 'utf8'));
  if (!existsSync(reviews) || (await readdir(reviews)).length !== count || !sameData) {
    await generateContent({ count, seed: 42, out: dir, contentDir: join(ROOT, 'content') });
  }
  return dir;
}

if (import.meta.main) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  await benchBuildTimes(sizes.length > 0 ? sizes : [1_000, 10_000, 100_000]);
}
