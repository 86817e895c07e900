import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';

/** Files this size or smaller are not worth a second request-time decision (nginx's gzip_min_length is 20; CDNs use ~1 KB). */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** The encodings made beside each file, by the suffix a server (ours, nginx's `*_static`) looks for. */
export const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** Text formats: images, fonts in woff2 and archives are compressed already. */
const COMPRESSIBLE = /\.(html?|css|js|mjs|json|xml|svg|txt|md|map|webmanifest|ico|ttf|otf)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Files past this size are brotli'd at quality 9, not 11. Quality 11 runs at about 0.8 MB/s here and
 * quality 9 at about 40 MB/s, for a file 8% larger (a 5.3 MB reviews.json: 478 against 517 KB); at
 * 100,000 reviews the datasets alone are about 95 MB, which quality 11 would take two minutes of CPU
 * to compress, against a 5-minute build budget. Below it (every file of a business of a few thousand
 * reviews) the bytes are brotli 11's.
 */
export const BROTLI_MAX_QUALITY_BYTES = 4 * 1024 * 1024;

/** Brotli at its highest quality (see BROTLI_MAX_QUALITY_BYTES); gzip -9. zlib writes no timestamp into a gzip header, so both are byte-identical across rebuilds. */
function compress(coding: 'br' | 'gzip', bytes: Buffer): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(bytes, { level: 9 });
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: bytes.length > BROTLI_MAX_QUALITY_BYTES ? 9 : constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

export interface PrecompressReport {
  /** Files written, relative to `dir`. */
  written: string[];
  /** Bytes of the sources considered, and of the smallest encoding kept for each. */
  sourceBytes: number;
  smallestBytes: number;
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file over 1 KB in
 * `dir`, keeping each only where it is smaller than the file; removes a
 * sibling left from an earlier build that no longer qualifies. Compression
 * runs on libuv's thread pool, so the files compress in parallel.
 */
export async function precompressDir(dir: string): Promise<PrecompressReport> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
  const report: PrecompressReport = { written: [], sourceBytes: 0, smallestBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      let smallest = bytes.length;
      for (const { coding, suffix } of PRECOMPRESSED) {
        const target = file + suffix;
        const encoded = bytes.length > PRECOMPRESS_MIN_BYTES ? await compress(coding, bytes) : undefined;
        if (encoded && encoded.length < bytes.length) {
          await writeFile(target, encoded);
          report.written.push(target.slice(dir.length + 1));
          smallest = Math.min(smallest, encoded.length);
        } else await rm(target, { force: true });
      }
      report.sourceBytes += bytes.length;
      report.smallestBytes += smallest;
    }),
  );
  report.written.sort();
  return report;
}

/** The build step: precompresses `dist/client` once Astro has written it (`npm run build`, `npm start`'s build, `npm run deploy`). */
export function precompress(): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const { written, sourceBytes, smallestBytes } = await precompressDir(fileURLToPath(dir).replace(/\/$/, ''));
        logger.info(
          `${written.length} brotli/gzip files in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
            `text files ${(sourceBytes / 1024).toFixed(0)} KB, ${(smallestBytes / 1024).toFixed(0)} KB as sent compressed`,
        );
      },
    },
  };
}
