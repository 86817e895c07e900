import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpReply, HttpRequest } from '../../functions/http/reply.ts';
import { HttpError } from '../../functions/http/http-error.ts';
import { createNodeAdapter } from '../../functions/process/node-adapter.ts';
import { openSocket, readUntilClosed } from '../support/raw-http.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/**
 * Listens on 127.0.0.1 with `handle` behind the adapter; returns the port.
 * `written` records the URL of each answer as its head is written.
 */
async function listen(
  handle: (request: HttpRequest) => HttpReply | Promise<HttpReply>,
  batchSize: number,
  log: string[] = [],
  written: string[] = [],
): Promise<number> {
  server = createServer(
    createNodeAdapter(
      { handle, bodyRule: () => new HttpError(413, 'no body here', { close: true }) },
      { log: (message) => log.push(message), batchSize },
    ).onRequest,
  );
  // Runs after the adapter has queued the request, before its answer is written.
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((...args: Parameters<typeof writeHead>) => {
      written.push(`written ${req.url}`);
      return writeHead(...args);
    }) as typeof res.writeHead;
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server?.address() as AddressInfo).port;
}

/** Resolves once the server has accepted `count` connections in all. */
async function accepted(count: number): Promise<void> {
  for (;;) {
    const connections = await new Promise<number>((resolve, reject) =>
      server?.getConnections((error, n) => (error ? reject(error) : resolve(n))),
    );
    if (connections >= count) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Opens a connection per path, waits until the server has accepted them all,
 * then writes one request on each in one synchronous pass: the server's next
 * turn of the event loop finds them all readable, so they are one turn's
 * requests.
 */
async function sendTogether(port: number, paths: readonly string[]): Promise<string[]> {
  const sockets = await Promise.all(paths.map(() => openSocket(port)));
  // Each request asks the server to close its connection after the answer.
  const answers = sockets.map(async (socket) => (await readUntilClosed(socket)).text);
  await accepted(paths.length);
  sockets.forEach((socket, i) => socket.write(`GET ${paths[i]} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`));
  return Promise.all(answers);
}

const ok = (body: string): HttpReply => ({ status: 200, headers: { 'content-type': 'text/plain' }, body });

describe('node adapter', () => {
  it('computes the answers of one turn batch by batch, each batch before any of its answers is written', async () => {
    const events: string[] = [];
    const port = await listen(
      (request) => {
        events.push(`answer ${request.url}`);
        return ok(request.url);
      },
      2,
      [],
      events,
    );
    const paths = ['/1', '/2', '/3', '/4', '/5'];
    const answers = await sendTogether(port, paths);

    answers.forEach((text, i) => expect(text).toMatch(new RegExp(`^HTTP/1.1 200 OK\\r\\n[^]*\\r\\n\\r\\n/${i + 1}$`)));
    // Arrival order within the turn is the kernel's; the batches are what matter.
    const batches = [events.slice(0, 4), events.slice(4, 8), events.slice(8)];
    for (const batch of batches) {
      const answered = batch.filter((e) => e.startsWith('answer')).map((e) => e.slice(7));
      const sent = batch.filter((e) => e.startsWith('written')).map((e) => e.slice(8));
      expect(batch.slice(0, answered.length).every((e) => e.startsWith('answer'))).toBe(true);
      expect(sent).toEqual(answered);
    }
    expect(batches.map((b) => b.length)).toEqual([4, 4, 2]);
  });

  it('answers every request of a turn larger than many batches, each with its own answer', async () => {
    const port = await listen((request) => ok(`answer to ${request.url}`), 4);
    const paths = Array.from({ length: 37 }, (_, i) => `/item/${i}`);
    const answers = await sendTogether(port, paths);
    answers.forEach((text, i) => expect(text.endsWith(`\r\n\r\nanswer to /item/${i}`)).toBe(true));
  });

  it('answers 500 to a request whose handler throws, and the rest of its batch as usual', async () => {
    const log: string[] = [];
    const port = await listen(
      (request) => {
        if (request.url === '/boom') throw new Error('handler bug');
        return ok('fine');
      },
      8,
      log,
    );
    const answers = await sendTogether(port, ['/a', '/boom', '/b']);
    expect(answers[0]).toMatch(/^HTTP\/1.1 200 [^]*fine$/);
    expect(answers[1]).toMatch(/^HTTP\/1.1 500 [^]*"error":"internal_error"/);
    expect(answers[2]).toMatch(/^HTTP\/1.1 200 [^]*fine$/);
    expect(log.join('\n')).toContain('handler bug');
  });

  it('drops only the connection of an answer Node refuses to send, and logs it', async () => {
    const log: string[] = [];
    const port = await listen(
      (request) => (request.url === '/bad' ? { status: 200, headers: { 'bad header name': 'x' }, body: 'never' } : ok('fine')),
      8,
      log,
    );
    const answers = await sendTogether(port, ['/a', '/bad', '/b']);
    expect(answers[1]).toBe('');
    expect(answers[0]).toMatch(/fine$/);
    expect(answers[2]).toMatch(/fine$/);
    expect(log.join('\n')).toMatch(/cannot send a 200 answer/);
  });

  it('writes asynchronous answers when they settle, without holding up the batch', async () => {
    let settle: (reply: HttpReply) => void = () => {};
    const port = await listen(
      (request) => (request.url === '/slow' ? new Promise<HttpReply>((resolve) => (settle = resolve)) : ok('fast')),
      8,
    );
    const sockets = await Promise.all([openSocket(port), openSocket(port)]);
    const [slow, fast] = sockets.map(async (socket) => (await readUntilClosed(socket)).text) as [Promise<string>, Promise<string>];
    sockets[0]?.write('GET /slow HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n');
    sockets[1]?.write('GET /fast HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n');
    expect(await fast).toMatch(/fast$/);
    settle(ok('slow'));
    expect(await slow).toMatch(/slow$/);
  });

  it('is not disturbed by a client that leaves before its turn', async () => {
    const port = await listen((request) => ok(request.url), 2);
    const gone = await openSocket(port);
    gone.write('GET /gone HTTP/1.1\r\nHost: test\r\n\r\n');
    gone.destroy();
    const answers = await sendTogether(port, ['/x', '/y', '/z']);
    expect(answers.map((text) => text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual(['/x', '/y', '/z']);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const port = await listen(() => ok('twelve bytes'), 8);
    const socket = await openSocket(port);
    const closed = readUntilClosed(socket);
    socket.write('HEAD / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n');
    const head = (await closed).text;
    expect(head).toMatch(/content-length: 12\r\n/i);
    expect(head.endsWith('\r\n\r\n')).toBe(true);
  });
});
