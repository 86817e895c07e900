import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompleteBuild } from '../../functions/builds/build-output.ts';
import { CallbackServer } from '../support/callback-server.ts';
import { eventually, FAST_HUB_ENV, inspectStore, SITE, TOPICS } from '../support/hub-service.ts';
import { FIXTURE_CONTENT, FIXTURE_DIST, ROOT } from '../support/paths.ts';
import { ServiceProcess } from '../support/service-process.ts';
import { createTestPki, type TestPki } from '../support/test-ca.ts';

const review = (n: number) => `---
id: 01JB00000000000000000000${String(n).padStart(2, '0')}
author: Deploy Tester ${n}
rating: 4
date: 2025-06-0${n}
source: website
source_url: null
verified: true
service_area: Tacoma
---
Came back to add outlet number ${n} in the garage. On time and tidy.
`;

interface Run {
  child: ChildProcess;
  output: () => string;
  done: Promise<number | null>;
}

describe('npm run deploy, interrupted or doubled', () => {
  let dir: string;
  let pki: TestPki;
  let callbacks: CallbackServer;
  let service: ServiceProcess;
  const dist = () => join(dir, 'dist');
  const servedAtPush: Promise<string[]>[] = [];

  /** `npm run deploy` (or `node scripts/deploy.ts` when `direct`) against the service, its output collected. */
  const deploy = (direct = false, cacheName = 'cache'): Run => {
    const env = {
      ...process.env,
      CONTENT_DIR: join(dir, 'content'),
      DIST_DIR: dist(),
      SITE_URL: SITE,
      HOST: '127.0.0.1',
      PORT: new URL(service.url).port,
      // Two builds at once need two caches.
      BUILD_CACHE_DIR: join(dir, `.astro-${cacheName}`),
      NO_COLOR: '1',
    };
    const child = direct
      ? spawn(process.execPath, ['scripts/deploy.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('npm', ['run', 'deploy'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    // 'close', not 'exit': the output of a deploy orphaned by its npm still arrives through the pipes npm handed down.
    const done = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    return { child, output: () => output, done };
  };
  const builtAt = async (folder: string) =>
    (JSON.parse(await readFile(join(folder, 'build.json'), 'utf8')) as { builtAt?: string }).builtAt;

  beforeAll(async () => {
    // Inside the project: the build resolves packages from the output folder's ancestors.
    dir = await mkdtemp(join(ROOT, '.test-dist', 'deploy-faults-'));
    await cp(FIXTURE_CONTENT, join(dir, 'content'), { recursive: true });
    await cp(FIXTURE_DIST, dist(), { recursive: true });
    pki = await createTestPki(dir);
    callbacks = await CallbackServer.start(pki);
    // Two workers: a deploy must reload both before the hub pushes.
    service = await ServiceProcess.start({
      ...FAST_HUB_ENV,
      WEB_CONCURRENCY: '2',
      DIST_DIR: dist(),
      HUB_DB_PATH: join(dir, 'hub.db'),
      NODE_EXTRA_CA_CERTS: pki.caFile,
    });
    const subscribe = await fetch(`${service.url}/api/websub/hub`, {
      method: 'POST',
      body: new URLSearchParams({
        'hub.mode': 'subscribe',
        'hub.topic': TOPICS.reviews,
        // When the push arrives, six new connections (the primary hands them to the workers in turn) ask what each serves.
        'hub.callback': callbacks.url('/reviews', (r) => {
          if (r.method === 'GET') return { status: 200, body: r.query.get('hub.challenge') ?? '' };
          const seen = Promise.all(
            Array.from({ length: 6 }, () =>
              fetch(`${service.url}/reviews.json`, { headers: { connection: 'close' } }).then((a) => a.text()),
            ),
          );
          servedAtPush.push(seen);
          return { status: 204, until: seen };
        }),
      }),
    });
    expect(subscribe.status).toBe(202);
    await eventually(
      async () => (await inspectStore(join(dir, 'hub.db'), async (s) => (await s.subscriptionList()).length)) === 1,
      'the subscription',
    );
  });
  afterAll(async () => {
    await service?.stop();
    await callbacks?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('two deploys started together against two workers: one refuses naming the holder; the live build, dist.previous and the push agree, and both workers serve the new build before the push arrives', async () => {
    const liveBefore = await builtAt(dist());
    await writeFile(join(dir, 'content/reviews/2025-06-01-deploy-1.md'), review(1));
    const runs = [deploy(false, 'a'), deploy(false, 'b')];
    const codes = await Promise.all(runs.map((r) => r.done));
    const winner = runs[codes.indexOf(0)];
    const loser = runs[codes.findIndex((c) => c !== 0)];
    expect(codes.sort(), runs.map((r) => r.output()).join('\n----\n')).toEqual([0, 1]);
    expect(loser?.output()).toMatch(/another deploy is running: pid \d+ on .*, since /);
    expect(winner?.output()).toMatch(/told the hub/);

    // dist.previous is the build that was live before; the live one is the new one, and the server serves it.
    expect(await builtAt(`${dist()}.previous`)).toBe(liveBefore);
    expect(await builtAt(dist())).not.toBe(liveBefore);
    await expect(stat(`${dist()}.deploy.lock`)).rejects.toThrow();
    await expect(stat(`${dist()}.next`)).rejects.toThrow();
    // The hub takes the publish after its 202: wait for the push, then read what is served.
    await callbacks.waitFor((all) => all.some((r) => r.method === 'POST'), 'the push', 15_000);
    const served = await (await fetch(`${service.url}/reviews.json`)).text();
    expect(served).toBe(await readFile(join(dist(), 'client/reviews.json'), 'utf8'));
    expect(served).toContain('01JB0000000000000000000001');
    // One push, of those bytes.
    await new Promise((r) => setTimeout(r, 500));
    const pushes = callbacks.to('/reviews', 'POST');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.body.toString()).toBe(served);
    // Both workers served the new build when the push arrived.
    expect(await servedAtPush[0]).toEqual(Array.from({ length: 6 }, () => served));
  }, 240_000);

  it('a stale lock is taken over, and kill -9 of npm at the swap leaves a complete build, served and pushed', async () => {
    // A lock left by a deploy killed with SIGKILL: its pid is gone.
    const gone = spawn(process.execPath, ['-e', '']);
    const stalePid = await new Promise<number>((resolve) => gone.on('exit', () => resolve(gone.pid as number)));
    await writeFile(
      `${dist()}.deploy.lock`,
      JSON.stringify({ pid: stalePid, host: (await import('node:os')).hostname(), startedAt: 'earlier' }),
    );
    const liveBefore = await builtAt(dist());
    await writeFile(join(dir, 'content/reviews/2025-06-02-deploy-2.md'), review(2));
    const run = deploy();
    await eventually(() => /deploy: swapping/.test(run.output()), 'the swap', 180_000);
    run.child.kill('SIGKILL');
    await run.done;
    // The orphaned deploy finishes the swap and tells the hub; then its lock goes.
    await expect
      .poll(
        () =>
          stat(`${dist()}.deploy.lock`).then(
            () => 'held',
            () => 'free',
          ),
        { timeout: 20_000 },
      )
      .toBe('free');
    expect(run.output()).toContain(`taking over the lock of pid ${stalePid}`);

    expect(await isCompleteBuild(dist())).toBe(true);
    expect(await builtAt(`${dist()}.previous`)).toBe(liveBefore);
    for (const path of ['/reviews.json', '/insights.json', '/feed.xml', '/api/feed.json', '/api/reviews/since/2000-01-01']) {
      expect((await fetch(service.url + path)).status, path).toBe(200);
    }
    await expect
      .poll(async () => (await fetch(`${service.url}/reviews.json`)).text(), { timeout: 15_000 })
      .toContain('01JB0000000000000000000002');
  }, 240_000);

  it('SIGTERM during the build stops it: the live build, the lock and dist.next are as before', async () => {
    const liveBefore = await builtAt(dist());
    await writeFile(join(dir, 'content/reviews/2025-06-03-deploy-3.md'), review(3));
    const run = deploy(true);
    await eventually(() => /deploy: building into/.test(run.output()), 'the build to start', 30_000);
    await new Promise((r) => setTimeout(r, 500));
    run.child.kill('SIGTERM');
    expect(await run.done).toBe(1);
    expect(run.output()).toMatch(/stopped \(SIGTERM\) before the swap: the live build in .* is unchanged/);
    expect(await builtAt(dist())).toBe(liveBefore);
    await expect(stat(`${dist()}.next`)).rejects.toThrow();
    await expect(stat(`${dist()}.deploy.lock`)).rejects.toThrow();
  }, 120_000);

  it('npm start after a deploy killed between its two renames finishes the swap and serves a complete build', async () => {
    // What kill -9 of the deploy between its renames leaves: the live build moved to dist.previous, dist.next complete, no dist.
    const other = join(dir, 'other');
    await cp(FIXTURE_DIST, join(other, 'dist.next'), { recursive: true });
    await cp(FIXTURE_DIST, join(other, 'dist.previous'), { recursive: true });
    await writeFile(join(other, 'dist.next/client/feed.xml'), '<!-- the new build -->');
    const restarted = await ServiceProcess.start({ DIST_DIR: join(other, 'dist'), SERVICE_ROLE: 'read' });
    try {
      expect(restarted.output()).toMatch(/finished the swap/);
      expect(await (await fetch(`${restarted.url}/feed.xml`)).text()).toBe('<!-- the new build -->');
      expect((await fetch(`${restarted.url}/reviews.json`)).status).toBe(200);
      expect(await isCompleteBuild(join(other, 'dist.previous'))).toBe(true);
    } finally {
      await restarted.stop();
    }
  });
});
