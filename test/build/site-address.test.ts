import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT, ROOT } from '../support/paths.ts';
import { freePort } from '../support/free-port.ts';
import { startEntry } from '../support/start-entry.ts';

// One site address for build, deploy and npm start (docs/running.md, "One site address"), and a
// DIST_DIR outside the project. These builds use their own Astro cache, so they never share one.
const scratch = await mkdtemp(join(ROOT, '.test-dist', 'site-'));
const outside = await mkdtemp(join(tmpdir(), 'vrs-dist-'));
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});
const TODAY = '2026-11-27';

/** The environment of a shell that sets no address: SITE_URL, HOST and PORT empty (unset). */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    SITE_URL: '',
    HOST: '',
    PORT: '',
    CONTENT_DIR: FIXTURE_CONTENT,
    BUILD_TODAY: TODAY,
    BUILD_CACHE_DIR: join(scratch, '.astro-cache'),
    NO_COLOR: '1',
    ...extra,
  };
}

function run(script: string, extra: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, script)], { cwd: ROOT, env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: stripVTControlCharacters(output) }));
  });
}

function start(extra: Record<string, string>) {
  return startEntry(env(extra));
}

const siteOf = async (dist: string) => (JSON.parse(await readFile(join(dist, 'build.json'), 'utf8')) as { site: string }).site;
const servedIds = async (url: string) =>
  ((await (await fetch(`${url}/reviews.json`)).json()) as { reviews: { id: string }[] }).reviews.map((r) => r.id);

describe('one site address', () => {
  it('npm run build leaves the build a running server serves alone, and a bare build keeps the address the live build records', async () => {
    const dist = join(scratch, 'live');
    const port = await freePort();
    const hub = join(scratch, 'hub.db');
    // The server is started on a port of its own (as PORT=… npm start in one shell)…
    const server = start({ DIST_DIR: dist, PORT: String(port), HOST: '127.0.0.1', HUB_DB_PATH: hub });
    const url = await server.listening;
    expect(server.output()).toContain(`start: building ${dist} for http://127.0.0.1:${port}: there is no build in ${dist} yet`);
    expect(await siteOf(dist)).toBe(`http://127.0.0.1:${port}`);
    const served = await readFile(join(dist, 'build.json'), 'utf8');

    // …and the owner runs a bare npm run build in another shell: checked, not swapped under the server.
    const content = await mkdtemp(join(scratch, 'content-'));
    await cp(FIXTURE_CONTENT, content, { recursive: true });
    const added = (await readFile(join(content, 'reviews/a.md'), 'utf8')).replace(
      '01JA0000000000000000000001',
      '01JA0000000000000000000099',
    );
    await writeFile(join(content, 'reviews/zz.md'), added);
    const checked = await run('scripts/build.ts', { DIST_DIR: dist, CONTENT_DIR: content });
    expect(checked.code, checked.output).toBe(0);
    expect(checked.output).toContain(`build: building for http://127.0.0.1:${port} (the server running at ${url})`);
    expect(checked.output).toContain(
      `build: the content builds, but ${dist} is what the server at ${url} (pid ${server.child.pid}) serves: it is unchanged; npm run deploy builds, swaps and reloads the server`,
    );
    expect(await readFile(join(dist, 'build.json'), 'utf8')).toBe(served);

    // npm run deploy from a shell with the wrong PORT still builds for the server that runs, and tells it.
    const deployed = await run('scripts/deploy.ts', { DIST_DIR: dist, CONTENT_DIR: content, PORT: String(port + 1), HUB_DB_PATH: hub });
    expect(deployed.code, deployed.output).toBe(0);
    expect(deployed.output).toContain(`for http://127.0.0.1:${port} (the server running at ${url})`);
    expect(deployed.output).toContain(`told the hub at ${url}/api/websub/hub`);
    expect(await siteOf(dist)).toBe(`http://127.0.0.1:${port}`);
    expect(await servedIds(url)).toContain('01JA0000000000000000000099');
    // dist.previous is the build that was live before.
    expect(await readFile(join(`${dist}.previous`, 'build.json'), 'utf8')).toBe(served);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // With no server left, a bare build swaps, for the address the live build records.
    const rebuilt = await run('scripts/build.ts', { DIST_DIR: dist, CONTENT_DIR: content });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(rebuilt.output).toContain(`build: building for http://127.0.0.1:${port} (the address ${dist}/build.json records)`);
    expect(await siteOf(dist)).toBe(`http://127.0.0.1:${port}`);
  }, 240_000);

  it('a deploy that cannot tell the running server puts the last build back', async () => {
    const dist = join(scratch, 'unreached');
    const built = await run('scripts/build.ts', { DIST_DIR: dist, SITE_URL: 'http://localhost:4321' });
    expect(built.code, built.output).toBe(0);
    const before = await readFile(join(dist, 'build.json'), 'utf8');
    // A server records itself beside the build (this test process stands in for it), but nothing answers at its address.
    const closed = await freePort();
    await writeFile(
      `${dist}.server.json`,
      JSON.stringify({ pid: process.pid, url: `http://127.0.0.1:${closed}`, site: 'http://localhost:4321' }),
    );
    const deployed = await run('scripts/deploy.ts', { DIST_DIR: dist, SITE_URL: 'https://reviews.example' });
    expect(deployed.code).toBe(1);
    expect(deployed.output).toContain(`deploy: telling the hub at http://127.0.0.1:${closed}/api/websub/hub failed (`);
    expect(deployed.output).toContain(`put the last build back in ${dist}, which the server still serves; run npm run deploy again`);
    expect(await readFile(join(dist, 'build.json'), 'utf8')).toBe(before);
  }, 240_000);
});

describe('a build killed outright', () => {
  it('leaves a lock and a half-made build that the next build takes over, saying so', async () => {
    const dist = join(scratch, 'killed');
    // What kill -9 of a build leaves: its lock, naming a process that is gone, and a partial dist.next.
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid!;
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(`${dist}.deploy.lock`, JSON.stringify({ pid, host: hostname(), startedAt: '2026-11-29T00:00:00.000Z' }) + '\n');
    await mkdir(join(`${dist}.next`, 'client'), { recursive: true });
    const result = await run('scripts/build.ts', { DIST_DIR: dist, SITE_URL: 'http://localhost:4321' });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`build: taking over the lock of pid ${pid}, which is gone`);
    expect(await siteOf(dist)).toBe('http://localhost:4321');
    await expect(readFile(`${dist}.deploy.lock`)).rejects.toThrow();
  }, 240_000);
});

describe('DIST_DIR outside the project', () => {
  it('builds, swaps and serves from a folder in the system temp directory', async () => {
    const dist = join(outside, 'dist');
    const first = await run('scripts/build.ts', { DIST_DIR: dist, SITE_URL: 'http://localhost:4321' });
    expect(first.code, first.output).toBe(0);
    expect(first.output).not.toMatch(/Cannot find package/);
    const second = await run('scripts/build.ts', { DIST_DIR: dist, SITE_URL: 'http://localhost:4321' });
    expect(second.code, second.output).toBe(0);
    expect(await siteOf(`${dist}.previous`)).toBe('http://localhost:4321');
    const server = start({ DIST_DIR: dist, HOST: '127.0.0.1', PORT: '0', HUB_DB_PATH: join(outside, 'hub.db') });
    const url = await server.listening;
    expect(await servedIds(url)).toHaveLength(7);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);
});
