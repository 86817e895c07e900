import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROTLI_MAX_QUALITY_BYTES, precompressDir } from '../../src/build/precompress.ts';

let dir: string;
const json = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, text: `review number ${i}, on time and tidy` })));
const noise = randomBytes(4096);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'precompress-'));
  await mkdir(join(dir, 'api'), { recursive: true });
  await writeFile(join(dir, 'api/data.json'), json);
  await writeFile(join(dir, 'small.txt'), 'x'.repeat(1024));
  await writeFile(join(dir, 'noise.txt'), noise);
  await writeFile(join(dir, 'photo.png'), Buffer.alloc(8192));
  // Left by an earlier build, when small.txt was larger.
  await writeFile(join(dir, 'small.txt.br'), 'stale');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const listing = async () => (await readdir(dir, { recursive: true })).map(String).sort();

describe('precompressDir', () => {
  it('writes brotli and gzip beside every text file over 1 KB that they make smaller, and nothing else', async () => {
    const report = await precompressDir(dir);
    expect(report.written).toEqual(['api/data.json.br', 'api/data.json.gz']);
    expect(await listing()).toEqual([
      'api',
      'api/data.json',
      'api/data.json.br',
      'api/data.json.gz',
      'noise.txt',
      'photo.png',
      'small.txt',
    ]);
    expect(brotliDecompressSync(await readFile(join(dir, 'api/data.json.br'))).toString()).toBe(json);
    expect(gunzipSync(await readFile(join(dir, 'api/data.json.gz'))).toString()).toBe(json);
  });

  it('uses brotli quality 11 (text mode) and gzip -9', async () => {
    const br = await readFile(join(dir, 'api/data.json.br'));
    const gz = await readFile(join(dir, 'api/data.json.gz'));
    const q11 = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
    expect(br.equals(brotliCompressSync(json, { params: { ...q11, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }))).toBe(true);
    expect(gz.equals(gzipSync(json, { level: 9 }))).toBe(true);
  });

  it('gives byte-identical files when run again', async () => {
    const before = await Promise.all(['api/data.json.br', 'api/data.json.gz'].map((f) => readFile(join(dir, f))));
    await precompressDir(dir);
    const after = await Promise.all(['api/data.json.br', 'api/data.json.gz'].map((f) => readFile(join(dir, f))));
    expect(after[0]?.equals(before[0] as Buffer)).toBe(true);
    expect(after[1]?.equals(before[1] as Buffer)).toBe(true);
  });

  it('uses brotli quality 9 past BROTLI_MAX_QUALITY_BYTES, where quality 11 would cost minutes of a large build', async () => {
    const big = join(dir, 'big.json');
    const text = json.repeat(Math.ceil((BROTLI_MAX_QUALITY_BYTES + 1) / json.length));
    await writeFile(big, text);
    try {
      await precompressDir(dir);
      const br = await readFile(`${big}.br`);
      const q9 = { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
      expect(br.equals(brotliCompressSync(text, { params: { ...q9, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } }))).toBe(true);
    } finally {
      await Promise.all([big, `${big}.br`, `${big}.gz`].map((f) => rm(f, { force: true })));
    }
  });
});
