import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../functions/process/server.ts';
import { SAMPLE_DIST } from '../support/paths.ts';
import { serve } from '../support/server.ts';
import { openSocket } from '../support/raw-http.ts';

let server: RunningServer;
beforeAll(async () => {
  // 600 pipelined requests on one connection: more than the default cap on queued requests allows.
  server = await serve(SAMPLE_DIST, { maxQueuedRequests: 1024 });
});
afterAll(() => server.close());

/** Searches whose answers are a few to tens of kilobytes: the sizes built in reused buffers. */
const STALLED = ['limit=50', 'rating=5&limit=40', 'min_rating=4&limit=30', 'limit=60'];
const MEANWHILE = ['rating=4&limit=50', 'min_rating=2&limit=45', 'limit=55', 'rating=5&limit=35'];

describe('response bodies built in reused buffers', () => {
  it('stay intact for a client that stops reading while other clients are answered', async () => {
    const expected = new Map<string, Buffer>();
    for (const query of [...STALLED, ...MEANWHILE]) {
      const body = Buffer.from(await (await fetch(`${server.url}/api/reviews/search?${query}`)).arrayBuffer());
      expect(body.length).toBeGreaterThan(4096);
      expected.set(query, body);
    }

    // Enough pipelined answers to fill the socket buffers on both sides, so most wait in the server's queue.
    const stalled = Array.from({ length: 600 }, (_, i) => STALLED[i % STALLED.length] as string);
    const socket = await openSocket(server.url);
    socket.pause();
    socket.write(stalled.map((query) => `GET /api/reviews/search?${query} HTTP/1.1\r\nHost: test\r\n\r\n`).join(''));
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Meanwhile other answers of the same sizes are built, in whatever buffers are free.
    for (let round = 0; round < 10; round += 1) {
      for (const query of MEANWHILE) {
        const body = Buffer.from(await (await fetch(`${server.url}/api/reviews/search?${query}`)).arrayBuffer());
        expect(body.equals(expected.get(query) as Buffer)).toBe(true);
      }
    }

    const bodies = await readResponses(socket, stalled.length);
    socket.destroy();
    bodies.forEach((body, i) => {
      if (!body.equals(expected.get(stalled[i] as string) as Buffer)) expect.fail(`answer ${i} (${stalled[i]}) was overwritten`);
    });
  });
});

/** Reads `count` HTTP/1.1 responses framed by Content-Length; returns their bodies. */
function readResponses(socket: Socket, count: number): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const bodies: Buffer[] = [];
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const headEnd = pending.indexOf('\r\n\r\n');
        if (headEnd < 0) break;
        const length = Number(/content-length: *(\d+)/i.exec(pending.toString('latin1', 0, headEnd))?.[1]);
        if (pending.length < headEnd + 4 + length) break;
        bodies.push(pending.subarray(headEnd + 4, headEnd + 4 + length));
        pending = pending.subarray(headEnd + 4 + length);
      }
      if (bodies.length === count) resolve(bodies);
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`connection closed after ${bodies.length} of ${count} answers`)));
    socket.resume();
  });
}
