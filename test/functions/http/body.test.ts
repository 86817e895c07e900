import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../../functions/http/http-error.ts';
import type { RunningServer } from '../../../functions/process/server.ts';
import { serve } from '../../support/server.ts';
import { SAMPLE_DIST } from '../../support/paths.ts';
import { openSocket, readUntilClosed } from '../../support/raw-http.ts';

// A route of the kind MCP and the hub add: POST, JSON only, 64 bytes at most; it echoes what it read.
let server: RunningServer;
let afterSentRuns = 0;
beforeAll(async () => {
  server = await serve(
    SAMPLE_DIST,
    {},
    {
      log: () => {},
      routes: [
        {
          path: '/later',
          methods: {
            // Answers once the client has gone, with work to run after the answer.
            GET: async () => {
              await new Promise((resolve) => setTimeout(resolve, 200));
              return { status: 202, headers: {}, body: null, afterSent: () => void (afterSentRuns += 1) };
            },
          },
        },
        {
          path: '/form',
          errorFormat: 'text',
          body: { maxBytes: 64, types: ['application/x-www-form-urlencoded'] },
          methods: { POST: () => ({ status: 202, headers: {}, body: null }) },
        },
        {
          path: '/echo',
          body: { maxBytes: 64, types: ['application/json'] },
          methods: {
            POST: (request) => {
              const text = Buffer.from(request.payload ?? new Uint8Array()).toString('utf8');
              if (text === 'teapot') throw new HttpError(400, 'no teapots', { format: 'text' });
              return { status: 200, headers: { 'content-type': 'text/plain' }, body: `read ${text.length}: ${text}` };
            },
          },
        },
      ],
    },
  );
});
afterAll(() => server.close());

const post = (body: string, type = 'application/json', init: RequestInit = {}): Promise<Response> =>
  fetch(`${server.url}/echo`, { method: 'POST', body, headers: { 'content-type': type }, ...init });

/** Sends raw bytes and returns everything the server answers until it closes the connection. */
async function raw(text: string, thenWrite?: string): Promise<string> {
  const socket = await openSocket(server.url);
  const closed = readUntilClosed(socket);
  socket.write(text);
  if (thenWrite) setTimeout(() => socket.writable && socket.write(thenWrite), 50);
  return (await closed).text;
}

describe('a route that takes a body', () => {
  it('reads a body within its cap and hands it to the handler', async () => {
    const response = await post('{"a":1}', 'application/json; charset=utf-8');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('read 7: {"a":1}');
  });

  it('reads a chunked body within its cap', async () => {
    const answer = await raw(
      'POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n4\r\n[1,2\r\n1\r\n]\r\n0\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1.1 200 [^]*read 5: \[1,2\]$/);
  });

  it('answers 415 to a media type it does not take, naming the one it does', async () => {
    const response = await post('a=1', 'application/x-www-form-urlencoded');
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'Content-Type must be application/json, not application/x-www-form-urlencoded.',
    });
  });

  it('answers 413 by the declared length, before the body is sent', async () => {
    const answer = await raw('POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 65\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1.1 413 [^]*"error":"payload_too_large"/);
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('answers 413 once a chunked body passes the cap, and reads no further', async () => {
    const chunk = 'x'.repeat(40);
    const answer = await raw(
      `POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n28\r\n${chunk}\r\n28\r\n${chunk}\r\n`,
      `28\r\n${chunk}\r\n0\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1.1 413 /);
    expect(answer).not.toContain('read ');
  });

  it('answers "100 Continue" only to a body it will read', async () => {
    const refused = await raw(
      'POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n',
    );
    expect(refused).toMatch(/^HTTP\/1.1 413 /);
    const accepted = await raw(
      'POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
      '{}',
    );
    expect(accepted).toMatch(/^HTTP\/1.1 100 Continue\r\n\r\nHTTP\/1.1 200 [^]*read 2: \{\}$/);
  });

  it('renders an error the handler throws, in the format it asks for, with CORS', async () => {
    const response = await post('teapot');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe('no teapots\n');
  });

  it('answers GET on a POST-only route 405 with Allow', async () => {
    const response = await fetch(`${server.url}/echo`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('writes its 405, 413 and 415 as plain text when the route asks for it (the hub does)', async () => {
    const wrongType = await fetch(`${server.url}/form`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(wrongType.status).toBe(415);
    expect(wrongType.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await wrongType.text()).toBe('Content-Type must be application/x-www-form-urlencoded, not application/json.\n');
    const tooBig = await fetch(`${server.url}/form`, {
      method: 'POST',
      body: 'a='.padEnd(100, 'x'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.text()).toBe('The request body is larger than this endpoint takes (64 bytes).\n');
    const wrongMethod = await fetch(`${server.url}/form`);
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.text()).toBe('GET is not allowed here; use POST, OPTIONS\n');
  });

  it('answers a POST whose body is read after the requests pipelined behind it were queued, and them too', async () => {
    // The GETs' answers cannot leave before the POST's: holding the POST back for them would wait forever.
    const gets =
      'GET /api/reviews/since/2000-01-01 HTTP/1.1\r\nHost: t\r\n\r\n'.repeat(19) +
      'GET /api/reviews/since/2000-01-01 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n';
    const answer = await raw(`POST /echo HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}${gets}`);
    expect([...answer.matchAll(/HTTP\/1\.1 200/g)]).toHaveLength(21);
  }, 15_000);

  it('runs the work an answer promises even when its client hung up before the answer went out', async () => {
    const socket = await openSocket(server.url);
    socket.on('error', () => {});
    socket.write('GET /later HTTP/1.1\r\nHost: t\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    for (let i = 0; i < 40 && afterSentRuns === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(afterSentRuns).toBe(1);
  });
});
