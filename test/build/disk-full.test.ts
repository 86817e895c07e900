import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT, ROOT } from '../support/paths.ts';

// Every command on a disk that is already full: one line saying so, no lock or temporary file left,
// npm start serving the last good build (docs/running.md, "A full disk"). The disk is a small tmpfs,
// which only root can mount: elsewhere the tests are skipped, and say why.
const mountPoint = await mkdtemp(join(tmpdir(), 'vrs-full-'));
const mounted = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const scratch = await mkdtemp(join(ROOT, '.test-dist', 'full-'));
afterAll(async () => {
  if (mounted) execFileSync('umount', [mountPoint]);
  await rm(mountPoint, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});
const TODAY = '2026-11-27';
const dist = join(mountPoint, 'dist');
const content = join(mountPoint, 'content');

function run(args: string[], extra: Record<string, string> = {}, untilListening = false) {
  const child = spawn(
    process.execPath,
    args.map((a, i) => (i === 0 ? join(ROOT, a) : a)),
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DIST_DIR: dist,
        CONTENT_DIR: content,
        SITE_URL: 'http://localhost:4321',
        HOST: '127.0.0.1',
        PORT: '0',
        HUB_DB_PATH: join(scratch, 'hub.db'),
        BUILD_TODAY: TODAY,
        BUILD_CACHE_DIR: join(scratch, '.astro-cache'),
        NO_COLOR: '1',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const listening = new Promise<string>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = untilListening ? /listening on (http:\/\/\S+)/.exec(output)?.[1] : undefined;
      if (url) resolve(url);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output: stripVTControlCharacters(output) })),
  );
  return { child, listening, done, output: () => stripVTControlCharacters(output) };
}

/** Everything on the small disk but the build, the content and the filler: a lock, a temporary file, a half-made build. */
async function leftovers(): Promise<string[]> {
  const names = await readdir(mountPoint);
  const inReviews = await readdir(join(content, 'reviews'));
  return [...names.filter((n) => !['dist', 'content', 'filler'].includes(n)), ...inReviews.filter((n) => n.endsWith('.importing'))];
}

describe.skipIf(!mounted)('a full disk (a 48 MB tmpfs; skipped where the test cannot mount one: it needs root)', () => {
  beforeAll(async () => {
    await cp(FIXTURE_CONTENT, content, { recursive: true });
    const built = await run(['scripts/build.ts']).done;
    expect(built.code, built.output).toBe(0);
    // A commit after the build (npm start will want to rebuild), then the disk fills up.
    await writeFile(
      join(content, 'reviews/zz.md'),
      '---\nid: 01JA0000000000000000000077\nauthor: Zoe\nrating: 5\ndate: 2025-06-01\nsource: google\nverified: true\n---\nLate but fine.\n',
    );
    const later = new Date(Date.now() + 60_000);
    await utimes(join(content, 'reviews/zz.md'), later, later);
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${join(mountPoint, 'filler')}`, 'bs=1M'], { stdio: 'ignore' });
    } catch {
      // dd stops at "No space left on device": the disk is full.
    }
  }, 240_000);

  it('npm run build says so in one line and leaves no lock', async () => {
    const { code, output } = await run(['scripts/build.ts']).done;
    expect(code).toBe(1);
    expect(output).not.toMatch(/\n\s+at /);
    expect(output.trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(
        `^build: the disk is full \\(no space left writing ${dist}\\.deploy\\.lock\\.\\d+\\.tmp\\): free some space and run the command again; ${dist} is unchanged$`,
      ),
    );
    expect(await leftovers()).toEqual([]);
  });

  it('npm run deploy says so in one line and leaves no lock', async () => {
    const { code, output } = await run(['scripts/deploy.ts']).done;
    expect(code).toBe(1);
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).toMatch(
      /^deploy: the disk is full \(no space left writing .*\): free some space and run the command again; the live build in .* is unchanged\n$/,
    );
    expect(await leftovers()).toEqual([]);
  });

  it('npm run import says so in one line and leaves no temporary file', async () => {
    const { code, output } = await run(['scripts/import.ts', join(ROOT, 'test/fixtures/import/plain.csv')]).done;
    expect(code).toBe(1);
    expect(output).toMatch(
      /^import: the disk is full \(no space left writing .*\.importing\): free some space and run the command again; nothing was imported\n$/,
    );
    expect(await leftovers()).toEqual([]);
  });

  it('npm start cannot rebuild, says why in one line, and serves the last good build', async () => {
    const server = run(['functions/process/start.ts'], {}, true);
    const url = await server.listening;
    const response = await fetch(`${url}/reviews.json`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { reviews: unknown[] }).reviews).toHaveLength(7);
    expect(server.output()).toContain(
      `start: building ${dist} for http://localhost:4321: ${content}/reviews/zz.md changed after the build`,
    );
    expect(server.output()).toMatch(
      /start: the disk is full \(no space left writing .*\): free some space and run the command again; serving the last good build in /,
    );
    expect(server.output()).not.toMatch(/\n\s+at /);
    server.child.kill('SIGTERM');
    expect((await server.done).code).toBe(0);
    expect(await leftovers()).toEqual([]);
  });

  it('once there is room again, the next build is not blocked by anything the full disk left', async () => {
    await rm(join(mountPoint, 'filler'));
    const { code, output } = await run(['scripts/build.ts']).done;
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/taking over/);
  }, 240_000);
});
