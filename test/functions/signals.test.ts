import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIST, ROOT } from '../support/paths.ts';
import { freePort } from '../support/free-port.ts';
import { ServiceProcess } from '../support/service-process.ts';

const MB = 1024 * 1024;

/** Downloads `url` on a connection of its own, reading at most `bytesPerSecond`; resolves with the bytes and when they ended. */
function slowDownload(
  url: string,
  bytesPerSecond: number,
  started: () => void,
): Promise<{ status: number; body: Buffer; endedAt: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      started();
      const chunks: Buffer[] = [];
      let received = 0;
      let lastByteAt = 0;
      const begin = Date.now();
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        lastByteAt = Date.now();
        // Ahead of the rate: stop reading until the clock catches up (the server's writes then wait on TCP).
        const due = begin + (received / bytesPerSecond) * 1_000;
        if (due > Date.now()) {
          res.pause();
          setTimeout(() => res.resume(), due - Date.now());
        }
      });
      // The bytes are this process's once its socket has closed (it closes when the whole answer is parsed); 'data'
      // and 'end' may come later, held back by this reader's own pauses.
      const closed = new Promise<number>((done) => res.socket.once('close', () => done(Date.now())));
      res.on(
        'end',
        () =>
          void closed.then((closedAt) =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), endedAt: Math.min(closedAt, lastByteAt) }),
          ),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function get(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  return { status: response.status, text: await response.text() };
}

describe('signals', () => {
  let dir: string;
  let distDir: string;
  let big: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'signals-'));
    distDir = join(dir, 'dist');
    await cp(FIXTURE_DIST, distDir, { recursive: true });
    // A 5 MB answer, as /reviews.json of a 10,000-review business is.
    big = randomBytes(5 * MB);
    await writeFile(join(distDir, 'client/big.bin'), big);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(['1', '2'])(
    'SIGTERM with WEB_CONCURRENCY=%s while 20 clients download 5 MB slowly: every download completes byte for byte, then the process exits',
    async (workers) => {
      const service = await ServiceProcess.start({ DIST_DIR: distDir, SERVICE_ROLE: 'read', WEB_CONCURRENCY: workers });
      try {
        let answering = 0;
        let everyoneStarted: () => void = () => {};
        const started = new Promise<void>((resolve) => (everyoneStarted = resolve));
        const downloads = Array.from({ length: 20 }, () =>
          slowDownload(`${service.url}/big.bin`, 2 * MB, () => (answering += 1) === 20 && everyoneStarted()),
        );
        await started;
        const signalledAt = Date.now();
        service.signal('SIGTERM');
        await service.waitForLine(/SIGTERM: shutting down/);
        // Stopped accepting: a new connection is refused while the downloads go on.
        await expect(get(`${service.url}/reviews.json`)).rejects.toThrow();
        const results = await Promise.all(downloads);
        const exit = await service.exited;
        const digest = createHash('sha256').update(big).digest('hex');
        for (const result of results) {
          expect(result.status).toBe(200);
          expect(result.body.length).toBe(big.length);
          expect(createHash('sha256').update(result.body).digest('hex')).toBe(digest);
        }
        const lastEnded = Math.max(...results.map((r) => r.endedAt));
        // Reading 5 MB at 2 MB/s takes over two seconds after the signal: the process waited for them.
        expect(lastEnded - signalledAt).toBeGreaterThan(1_000);
        expect(exit.at).toBeGreaterThanOrEqual(lastEnded);
        expect(exit.code).toBe(0);
      } finally {
        await service.stop();
      }
    },
    60_000,
  );

  describe('SERVICE_ROLE=read', () => {
    let service: ServiceProcess;
    beforeAll(async () => {
      service = await ServiceProcess.start({ DIST_DIR: distDir, SERVICE_ROLE: 'read' });
    });
    afterAll(() => service.stop());

    it('answers the hub path 503 with a reason naming the role', async () => {
      const answer = await fetch(`${service.url}/api/websub/hub`, { method: 'POST', body: new URLSearchParams({ 'hub.mode': 'publish' }) });
      expect(answer.status).toBe(503);
      expect(await answer.text()).toMatch(/SERVICE_ROLE=read/);
    });

    it('reloads on SIGHUP while clients keep reading, and no request fails', async () => {
      const feed = join(distDir, 'client/feed.xml');
      const changed = `${await readFile(feed, 'utf8')}<!-- after SIGHUP -->`;
      const results = { ok: 0, failed: [] as string[] };
      let stop = false;
      const reader = async (path: string): Promise<void> => {
        for (let i = 0; i < 5_000 && !stop; i += 1) {
          const answer = await get(service.url + path).catch((error: Error) => ({ status: 0, text: error.message }));
          if (answer.status === 200) results.ok += 1;
          else results.failed.push(`${path}: ${answer.status} ${answer.text.slice(0, 80)}`);
        }
      };
      const readers = [reader('/reviews.json'), reader('/api/reviews/search?min_rating=3.5'), reader('/feed.xml')];
      await new Promise((r) => setTimeout(r, 300));
      await writeFile(feed, changed);
      const signalledAt = Date.now();
      service.signal('SIGHUP');
      await service.waitForLine(/SIGHUP: serving the reloaded build/, 10_000, signalledAt);
      await new Promise((r) => setTimeout(r, 300));
      stop = true;
      await Promise.all(readers);
      expect(results.failed).toEqual([]);
      expect(results.ok).toBeGreaterThan(10);
      expect((await get(`${service.url}/feed.xml`)).text).toBe(changed);
      expect(service.child.exitCode).toBeNull();
    });

    it('reloads when a new build.json arrives (a deploy or a sync on its machine)', async () => {
      const feed = join(distDir, 'client/feed.xml');
      const changed = `${await readFile(feed, 'utf8')}<!-- new build -->`;
      await writeFile(feed, changed);
      const at = Date.now();
      const info = JSON.parse(await readFile(join(distDir, 'build.json'), 'utf8')) as Record<string, unknown>;
      await writeFile(join(distDir, 'build.json'), JSON.stringify({ ...info, builtAt: new Date().toISOString() }));
      await service.waitForLine(/new build\.json: serving the reloaded build/, 10_000, at);
      expect((await get(`${service.url}/feed.xml`)).text).toBe(changed);
    });
  });

  it('a second server on the same port exits with one line naming PORT', async () => {
    const first = await ServiceProcess.start({ DIST_DIR: distDir, SERVICE_ROLE: 'read' });
    try {
      const port = new URL(first.url).port;
      for (const workers of ['1', '2']) {
        const second = await new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(process.execPath, ['functions/process/start.ts'], {
            cwd: ROOT,
            env: {
              PATH: process.env.PATH,
              HOST: '127.0.0.1',
              PORT: port,
              DIST_DIR: distDir,
              // The site the fixture build was made for: a server on another one says so in a line of its own.
              SITE_URL: 'http://localhost:4321',
              SERVICE_ROLE: 'read',
              WEB_CONCURRENCY: workers,
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let output = '';
          child.stdout.on('data', (c: Buffer) => (output += c.toString()));
          child.stderr.on('data', (c: Buffer) => (output += c.toString()));
          child.on('exit', (code) => resolve({ code, output }));
        });
        expect(second.code).toBe(1);
        const lines = second.output
          .trim()
          .split('\n')
          .filter((l) => !/^worker \d+ /.test(l));
        expect(lines).toEqual([expect.stringMatching(new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: .*set PORT`))]);
      }
    } finally {
      await first.stop();
    }
  });

  it('npm start killed with SIGKILL does not leave the server running', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DIST_DIR: distDir, SERVICE_ROLE: 'read' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (c: Buffer) => (output += c.toString()));
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes('listening') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect((await get(`http://127.0.0.1:${port}/reviews.json`)).status).toBe(200);
      npm.kill('SIGKILL');
      await expect
        .poll(
          () =>
            get(`http://127.0.0.1:${port}/reviews.json`).then(
              () => 'serving',
              () => 'stopped',
            ),
          { timeout: 10_000, interval: 200 },
        )
        .toBe('stopped');
    } finally {
      npm.kill('SIGKILL');
    }
  }, 60_000);
});
