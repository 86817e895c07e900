import { fork, spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../functions/process/server.ts';
import { ROOT, SAMPLE_DIST } from '../support/paths.ts';
import { serve } from '../support/server.ts';
import { openSocket, readUntilClosed } from '../support/raw-http.ts';
import { nodeEnv, nodeFlags } from '../../functions/process/node-flags.ts';

/** The Node flags of `npm start`. */
const START_FLAGS = nodeFlags();

async function timedGet(url: string): Promise<{ status: number; ms: number }> {
  const start = Date.now();
  // Uncompressed: the time is the server's. A compressed answer is decompressed on the client's thread pool,
  // which on a loaded machine waits for a core of its own and added hundreds of milliseconds to the figure.
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000), headers: { 'accept-encoding': 'identity' } });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - start };
}

describe('a client that pipelines requests and never reads the answers', () => {
  // The server and the attacker each in a process of its own: the attacker must not share the server's
  // event loop, and the server's memory must be its own to measure.
  let server: ChildProcess;
  let url: string;
  let flood: ChildProcess | undefined;
  const memory = (): Promise<number> =>
    new Promise((resolve) => {
      server.once('message', (m: { rss: number }) => resolve(m.rss));
      server.send('memory');
    });

  beforeAll(async () => {
    // With `npm start`'s flags: --optimize-for-size keeps V8's young generation small and collects its old one early, so
    // the garbage Node makes parsing a flood (request and response objects, and the native memory they hold) is collected
    // before it grows the process (+230 MB without it; +117 MB kept after the flood with a 2 MB young generation instead).
    server = fork(join(ROOT, 'test/support/server-process.ts'), [SAMPLE_DIST], {
      execArgv: START_FLAGS,
      env: { ...process.env, ...nodeEnv() },
      stdio: 'ignore',
    });
    url = await new Promise<string>((resolve) => server.once('message', (m: { url: string }) => resolve(m.url)));
  });
  afterAll(() => {
    flood?.kill('SIGKILL');
    server.disconnect();
  });

  // 200 each: under the cap on queued requests, so backpressure alone holds them (the connections stay open);
  // 4,000 each: the attack, about 4 GB of answers, past the cap; HEAD answers have no body, but
  // each held answer still costs its head and its request and response objects (100 × 1,000 took 420 MB
  // before they were counted).
  // Node parses every request of a 64 KB chunk it has read (about a thousand of these) and, once the
  // connection is closed, destroys each one it did not answer: the normal client's first request waits
  // once for that, whatever the server does with them (on the 2-core VM, 10 such connections took
  // 60–300 ms, 40 took 110–710 ms; the CI machine took 533 ms for the first where this one took ~300).
  // Hence a bound on the slowest answer of twice to three times the worst seen, and a tight one on the
  // typical answer: the flood costs everyone else one wait, not every request.
  it.each([
    { connections: 10, requests: 200, method: 'GET', path: '/api/reviews/search?limit=100', latencyMs: 500 },
    { connections: 10, requests: 4000, method: 'GET', path: '/api/reviews/search?limit=100', latencyMs: 1_000 },
    { connections: 40, requests: 1000, method: 'HEAD', path: '/reviews.json', latencyMs: 2_000 },
  ])(
    '$connections connections × $requests × $method $path: bounded memory, given back, others answered',
    async ({ connections, requests, method, path, latencyMs }) => {
      // Warm up, so the figures compare a running server with itself.
      for (let i = 0; i < 200; i += 1) await timedGet(`${url}/api/reviews/search?limit=100`);
      const before = await memory();

      flood = spawn(
        process.execPath,
        [join(ROOT, 'test/support/hostile/pipeline-flood.ts'), new URL(url).port, String(connections), String(requests), path, method],
        {
          stdio: ['ignore', 'pipe', 'ignore'],
        },
      );
      await new Promise<void>((resolve) => flood?.stdout?.once('data', () => resolve()));
      const latencies: number[] = [];
      let peak = 0;
      for (let i = 0; i < 8; i += 1) {
        const answer = await timedGet(`${url}/api/reviews/search?limit=5`);
        expect(answer.status).toBe(200);
        latencies.push(answer.ms);
        peak = Math.max(peak, await memory());
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(Math.max(...latencies)).toBeLessThan(latencyMs);
      expect(latencies.toSorted((a, b) => a - b)[Math.floor(latencies.length / 2)]).toBeLessThan(100);
      expect(peak - before).toBeLessThan(300 * 1024 * 1024);

      // The server may have closed its connections already (too many queued requests), and the process left with them.
      if (flood.exitCode === null && flood.signalCode === null) {
        const exited = new Promise((resolve) => flood?.once('exit', resolve));
        flood.kill('SIGKILL');
        await exited;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await memory()) - before).toBeLessThan(64 * 1024 * 1024);
      expect((await timedGet(`${url}/api/reviews/search?limit=5`)).status).toBe(200);
    },
    60_000,
  );
});

// At once: each test waits for one of the server's timeouts to close its own connection.
describe.concurrent('slow and idle connections', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // With /mcp, a route that reads request bodies.
    server = await serve(
      SAMPLE_DIST,
      { headersTimeoutMs: 500, requestTimeoutMs: 1_500, idleTimeoutMs: 1_000, keepAliveTimeoutMs: 500 },
      { mcp: {} },
    );
  });
  afterAll(() => server.close());

  it('closes a connection that never sends a byte', async () => {
    const { text, ms } = await readUntilClosed(await openSocket(server.url));
    expect(ms).toBeLessThan(3_000);
    // Node answers a request that timed out in its headers with 408, or closes without a word when none began.
    expect(text === '' || text.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('closes a connection that sends its headers a byte at a time', async () => {
    const socket = await openSocket(server.url);
    const closed = readUntilClosed(socket);
    const request = 'GET /api/reviews/search HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(100);
    let i = 0;
    const drip = setInterval(
      () => (socket.writable && i < request.length ? socket.write(request[i++] as string) : clearInterval(drip)),
      50,
    );
    const { text, ms } = await closed;
    clearInterval(drip);
    expect(ms).toBeLessThan(3_500);
    expect(text).toMatch(/^(HTTP\/1.1 408|)/);
  });

  it('closes a connection that sends a POST body a byte at a time, at the request timeout', async () => {
    const socket = await openSocket(server.url);
    const closed = readUntilClosed(socket);
    socket.write(
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n',
    );
    const drip = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(drip)), 50);
    const { text, ms } = await closed;
    clearInterval(drip);
    expect(ms).toBeLessThan(4_000);
    expect(text).toMatch(/^(HTTP\/1.1 408|)/);
    expect(text).not.toMatch(/HTTP\/1.1 200/);
  });

  it('closes an idle keep-alive connection after its answer', async () => {
    const socket = await openSocket(server.url);
    const closed = readUntilClosed(socket);
    socket.write('GET /api/reviews/search?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const { text, ms } = await closed;
    expect(text).toMatch(/^HTTP\/1.1 200 /);
    expect(ms).toBeLessThan(3_000);
  });

  it('keeps answering others meanwhile', async () => {
    expect((await timedGet(`${server.url}/api/reviews/search?limit=1`)).status).toBe(200);
  });
});

describe('a request body where none belongs', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve(SAMPLE_DIST);
  });
  afterAll(() => server.close());

  /** Sends the head of a request declaring a 10 MB body and answers what the server said before any of the body was sent. */
  async function declareBigBody(head: string): Promise<{ text: string; bodyRefused: boolean }> {
    const socket = await openSocket(server.url);
    const closed = readUntilClosed(socket);
    socket.write(`${head}\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`);
    const answered = await new Promise<string>((resolve) => socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))));
    // Now try to send the body: the server has closed the connection, so most of it never leaves.
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    while (written < 10 * 1024 * 1024 && socket.writable) {
      socket.write(chunk);
      written += chunk.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await closed;
    return { text: answered, bodyRefused: written < 10 * 1024 * 1024 || !socket.writable };
  }

  it('answers 413 to a GET with a 10 MB body before reading it, and closes the connection', async () => {
    const { text, bodyRefused } = await declareBigBody('GET /api/reviews/search?limit=1 HTTP/1.1');
    expect(text).toMatch(/^HTTP\/1.1 413 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(text).toContain('"error":"payload_too_large"');
    expect(text.toLowerCase()).toContain('access-control-allow-origin: *');
    expect(bodyRefused).toBe(true);
  });

  it('answers a POST with a body to a read endpoint 405 with Allow, unread', async () => {
    const { text } = await declareBigBody('POST /reviews.json HTTP/1.1');
    expect(text).toMatch(/^HTTP\/1.1 405 /);
    expect(text.toLowerCase()).toContain('allow: get, head, options');
  });

  it('answers 404 to a body sent to no endpoint at all, unread', async () => {
    const { text } = await declareBigBody('POST /nowhere HTTP/1.1');
    expect(text).toMatch(/^HTTP\/1.1 404 /);
  });

  it('refuses a chunked body on a GET the same way', async () => {
    const socket = await openSocket(server.url);
    const closed = readUntilClosed(socket);
    socket.write('GET /reviews.json HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n');
    const { text } = await closed;
    expect(text).toMatch(/^HTTP\/1.1 413 /);
  });

  it('still answers a GET with an empty body (Content-Length: 0) as usual', async () => {
    const socket = await openSocket(server.url);
    const closed = readUntilClosed(socket);
    socket.write('GET /api/reviews/search?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    expect((await closed).text).toMatch(/^HTTP\/1.1 200 /);
  });
});

describe('the connection cap', () => {
  let server: RunningServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await serve(SAMPLE_DIST, { maxConnections: 20 });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(() => server.close());

  it('answers one connection too many with 503 and Retry-After, and serves again once others leave', async () => {
    for (let i = 0; i < 20; i += 1) sockets.push(await openSocket(server.url));
    // Let the server count them all.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await readUntilClosed(await openSocket(server.url));
    expect(refused.text).toMatch(/^HTTP\/1.1 503 /);
    expect(refused.text.toLowerCase()).toContain('retry-after: 1');
    expect(refused.text).toContain('"error":"service_unavailable"');

    for (const socket of sockets.splice(0, 5)) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await timedGet(`${server.url}/api/reviews/search?limit=1`)).status).toBe(200);
  });
});

describe('protocol edge cases', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve(SAMPLE_DIST, {}, { mcp: {} });
  });
  afterAll(() => server.close());

  const exchange = async (bytes: string, end = false): Promise<string> => {
    const socket = await openSocket(server.url);
    const closed = readUntilClosed(socket);
    socket.write(bytes);
    if (end) socket.end();
    setTimeout(() => socket.destroy(), 3_000).unref();
    return (await closed).text;
  };
  const statuses = (text: string): string[] => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1] as string);

  it('answers 400 to a chunked body that breaks its framing midway, though that request is never complete', async () => {
    // Without a bound, the 400 would wait for that request's answer, which never comes, until the idle timeout.
    const socket = await openSocket(server.url);
    const closed = readUntilClosed(socket);
    socket.write(
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\nzz\r\n',
    );
    const { text, ms } = await closed;
    expect(text).toMatch(/^HTTP\/1.1 400 /);
    expect(ms).toBeLessThan(8_000);
  }, 15_000);

  it('answers the requests before one it cannot parse, then that one with a JSON 400', async () => {
    const text = await exchange('GET /api/reviews/search?limit=1 HTTP/1.1\r\nHost: t\r\n\r\nget / HTTP/1.1\r\nHost: t\r\n\r\n');
    expect(statuses(text)).toEqual(['200', '400']);
    expect(text).toContain('"error":"bad_request"');
    expect(text.toLowerCase()).toContain('access-control-allow-origin: *');
  });

  it('answers an oversized head with a JSON 431 with CORS', async () => {
    const text = await exchange(`GET / HTTP/1.1\r\nHost: t\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(statuses(text)).toEqual(['431']);
    expect(text).toContain('"error":"request_header_fields_too_large"');
  });

  it('answers every pipelined request of a client that half-closes after sending them', async () => {
    const text = await exchange('GET /api/reviews/search?limit=100 HTTP/1.1\r\nHost: t\r\n\r\n'.repeat(50), true);
    expect(statuses(text)).toHaveLength(50);
  });

  it('answers CONNECT with a JSON 405 and an unknown expectation with 417', async () => {
    expect(statuses(await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'))).toEqual(['405']);
    expect(statuses(await exchange('GET / HTTP/1.1\r\nHost: t\r\nExpect: foo\r\n\r\n'))).toEqual(['417']);
  });

  it('refuses a body on OPTIONS with 413, and reads Content-Length: 00 as no body', async () => {
    expect(statuses(await exchange('OPTIONS /reviews.json HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\n'))).toEqual(['413']);
    expect(
      statuses(await exchange('GET /api/reviews/search?limit=1 HTTP/1.1\r\nHost: t\r\nContent-Length: 00\r\nConnection: close\r\n\r\n')),
    ).toEqual(['200']);
  });
});
