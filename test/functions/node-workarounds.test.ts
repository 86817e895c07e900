import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abortQueuedRequestsWithoutStacks } from '../../functions/http/node-workarounds.ts';

describe('requests Node destroys when their connection closes', () => {
  // A server that never answers: every request stays queued until the client goes.
  const errors: Error[] = [];
  const server = createServer((req: IncomingMessage) => req.on('error', (error) => errors.push(error)));
  abortQueuedRequestsWithoutStacks(server);
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('are destroyed with errors that carry no stack frames, and the stack limit is what it was afterwards', async () => {
    const limit = Error.stackTraceLimit;
    const closed = new Promise<void>((resolve) => server.once('connection', (socket) => socket.once('close', () => setImmediate(resolve))));
    const client = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => client.once('connect', resolve));
    client.write('GET /a HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(50));
    await new Promise((resolve) => setTimeout(resolve, 100));
    client.destroy();
    await closed;
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.message).toBe('aborted');
      expect(error.stack).not.toMatch(/\n\s+at /);
    }
    expect(Error.stackTraceLimit).toBe(limit);
    // Errors made elsewhere still have their frames.
    expect(new Error('elsewhere').stack).toMatch(/\n\s+at /);
  });
});
