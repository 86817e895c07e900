/**
 * `node bench/widget.ts`: the widget's sizes on the sample business's build, against the issue's
 * budgets: `/badge.svg` under 4 KB; `/embed/` (its HTML and every stylesheet it links) at most 20 KB
 * compressed, with brotli 11 and gzip 9 as the build precompresses. Exits 1 when one is over.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { prepareSize } from './dataset.ts';

const ROOT = resolve(import.meta.dirname, '..');
const BADGE_BUDGET = 4096;
const CARD_BUDGET = 20 * 1024;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizes(bytes: Buffer): Sizes {
  return {
    raw: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).byteLength,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  };
}

const sum = (all: Sizes[]): Sizes => all.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }));

/** A page's HTML under `client/` whichever file layout the build uses (`embed/index.html` or `embed.html`). */
async function readPage(client: string, path: string): Promise<Buffer> {
  const trimmed = path.replace(/^\/|\/$/g, '');
  return readFile(join(client, trimmed, 'index.html')).catch(() => readFile(join(client, `${trimmed}.html`)));
}

/** The page and each stylesheet it links: what a browser fetches to show it. */
async function pageSizes(client: string, path: string): Promise<{ parts: [string, Sizes][]; total: Sizes }> {
  const html = await readPage(client, path);
  const parts: [string, Sizes][] = [[`${path} (HTML)`, sizes(html)]];
  for (const [, href] of html.toString().matchAll(/<link rel="stylesheet" href="([^"]+)"/g)) {
    parts.push([href!, sizes(await readFile(join(client, href!)))]);
  }
  return { parts, total: sum(parts.map(([, s]) => s)) };
}

const { distDir } = await prepareSize({ name: 'sample', contentDir: 'content' }, ROOT);
const client = join(distDir, 'client');
const badge = sizes(await readFile(join(client, 'badge.svg')));
const card = await pageSizes(client, '/embed/');
const compact = await pageSizes(client, '/embed/compact/');

const row = (name: string, s: Sizes) =>
  `${name.padEnd(40)} ${String(s.raw).padStart(7)} ${String(s.gzip).padStart(7)} ${String(s.brotli).padStart(7)}`;
console.log('\nWidget sizes, sample business (bytes)');
console.log(`${''.padEnd(40)} ${'raw'.padStart(7)} ${'gzip 9'.padStart(7)} ${'br 11'.padStart(7)}`);
console.log(row('/badge.svg', badge));
for (const [name, s] of card.parts) console.log(row(`  ${name}`, s));
console.log(row('/embed/ total', card.total));
for (const [name, s] of compact.parts) console.log(row(`  ${name}`, s));
console.log(row('/embed/compact/ total', compact.total));

const problems = [
  ...(badge.raw < BADGE_BUDGET ? [] : [`/badge.svg is ${badge.raw} bytes, over ${BADGE_BUDGET}`]),
  ...(card.total.gzip <= CARD_BUDGET ? [] : [`/embed/ is ${card.total.gzip} bytes gzipped, over ${CARD_BUDGET}`]),
];
console.log(problems.length === 0 ? `within budget: badge < ${BADGE_BUDGET} B, card <= ${CARD_BUDGET} B compressed` : problems.join('\n'));
process.exitCode = problems.length === 0 ? 0 : 1;
