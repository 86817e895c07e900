import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionSigner } from '../../../functions/mcp/session.ts';
import type { RunningServer } from '../../../functions/process/server.ts';
import { FIXTURE_DIST } from '../../support/paths.ts';
import { initializeRequest, MCP_POST_HEADERS } from '../../support/mcp-http.ts';
import { serve } from '../../support/server.ts';

const SECRET = 'the http test secret, sixteen+';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
let server: RunningServer;
let session: string;
beforeAll(async () => {
  server = await serve(FIXTURE_DIST, {}, { mcp: { sessionSecret: SECRET, allowedOrigins: ['https://assistant.example'] } });
  const init = await post(initializeRequest('2025-06-18'));
  session = init.headers['mcp-session-id'] as string;
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request (node:http), so Host, Origin and the body go out exactly as written. */
function send(method: string, body: string | Buffer | undefined, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        path: '/mcp',
        method,
        headers: { ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function post(message: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return send('POST', typeof message === 'string' ? message : JSON.stringify(message), { ...MCP_POST_HEADERS, ...headers });
}

/** `{ a: { a: … { a: 1 } } }`, `depth` levels deep. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const toolsList = { jsonrpc: '2.0', id: 7, method: 'tools/list' };

function rpcError(answer: Answer): { code: number; message: string; id: unknown } {
  const body = JSON.parse(answer.body) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
  expect(body.jsonrpc).toBe('2.0');
  return { ...body.error, id: body.id };
}

describe('POST /mcp', () => {
  it('initialize answers JSON with a session id naming the agreed version, for 2025-06-18 and 2025-11-25', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const answer = await post(initializeRequest(version, 'init'));
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json');
      expect(answer.headers['mcp-session-id']).toContain(`.${version}.`);
      expect(answer.headers['access-control-expose-headers']).toBe('Mcp-Session-Id');
      expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: '2.0', id: 'init', result: { protocolVersion: version } });
    }
  });

  it('initialize with a version it does not speak answers the latest it does', async () => {
    const answer = await post(initializeRequest('2099-01-01'));
    expect(JSON.parse(answer.body).result.protocolVersion).toBe('2025-11-25');
    expect(answer.headers['mcp-session-id']).toContain('.2025-11-25.');
  });

  it("later requests with the session id are answered; ids are the client's own", async () => {
    const answer = await post({ ...toolsList, id: 'same-id' }, { 'mcp-session-id': session });
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body);
    expect(body.id).toBe('same-id');
    expect(body.result.tools).toHaveLength(10);
  });

  it('a notification is accepted with 202 and no body', async () => {
    const answer = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': session });
    expect(answer).toMatchObject({ status: 202, body: '' });
  });

  describe('sessions', () => {
    it('a missing Mcp-Session-Id is 400', async () => {
      const answer = await post(toolsList);
      expect(answer.status).toBe(400);
      expect(rpcError(answer)).toMatchObject({
        code: -32000,
        id: 7,
        message: expect.stringContaining('Mcp-Session-Id header is required'),
      });
    });

    it.each([
      ['garbage', 'not-a-session'],
      ['a forged signature', () => session.replace(/(.)(.{8})$/, (_m, c: string, rest: string) => (c === 'A' ? 'B' : 'A') + rest)],
      // The MAC's last base64url character carries two spare bits: a decoder reads both spellings as one MAC.
      ['the MAC spelled with other spare bits', () => session.replace(/.$/, (c) => BASE64URL[BASE64URL.indexOf(c) ^ 1] as string)],
      ['another secret', () => createSessionSigner({ secret: 'some other secret entirely' }).issue('2025-06-18')],
      ['an expired id', () => createSessionSigner({ secret: SECRET, now: () => Date.now() - 2 * 86_400_000 }).issue('2025-06-18')],
    ])('%s is 404, so the client initializes again', async (_name, id) => {
      const answer = await post(toolsList, { 'mcp-session-id': typeof id === 'function' ? id() : id });
      expect(answer.status).toBe(404);
      expect(rpcError(answer)).toMatchObject({ code: -32001, message: expect.stringContaining('Session not found') });
    });

    it('an unsupported MCP-Protocol-Version header is 400', async () => {
      const answer = await post(toolsList, { 'mcp-session-id': session, 'mcp-protocol-version': '1999-01-01' });
      expect(answer.status).toBe(400);
      expect(rpcError(answer).message).toContain('Unsupported protocol version: 1999-01-01');
    });
  });

  describe('bounded echoes', () => {
    it('refuses an id or an argument longer than 4,096 characters before anything repeats it', async () => {
      const longId = await post({ ...toolsList, id: 'i'.repeat(5_000) }, { 'mcp-session-id': session });
      expect(longId.status).toBe(400);
      expect(rpcError(longId)).toMatchObject({ code: -32600, id: null });
      const call = {
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'get_technician', arguments: { name: 'x'.repeat(900_000) } },
      };
      const longName = await post(call, { 'mcp-session-id': session });
      expect(longName.status).toBe(400);
      expect(longName.body.length).toBeLessThan(1_000);
      expect(rpcError(longName)).toMatchObject({ code: -32602, id: 9 });
    });
  });

  describe('JSON-RPC errors', () => {
    it('a batch is refused with -32600', async () => {
      const answer = await post([toolsList, { ...toolsList, id: 8 }], { 'mcp-session-id': session });
      expect(answer.status).toBe(400);
      expect(rpcError(answer)).toMatchObject({ code: -32600, id: null });
    });

    it('a body that is not JSON is -32700', async () => {
      const answer = await post('{"jsonrpc": "2.0", "id": 1,', { 'mcp-session-id': session });
      expect(answer.status).toBe(400);
      expect(rpcError(answer).code).toBe(-32700);
    });

    it('JSON that is not a JSON-RPC message is -32600', async () => {
      const answer = await post({ hello: 'world' }, { 'mcp-session-id': session });
      expect(answer.status).toBe(400);
      expect(rpcError(answer).code).toBe(-32600);
    });

    it('an unknown tool is -32602', async () => {
      const answer = await post(
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'drop_table', arguments: {} } },
        { 'mcp-session-id': session },
      );
      expect(answer.status).toBe(200);
      expect(rpcError(answer)).toMatchObject({ code: -32602, id: 3 });
    });

    it.each([
      ['initialize without clientInfo', { method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {} } }, false],
      [
        'initialize with a number for the version',
        { method: 'initialize', params: { protocolVersion: 7, capabilities: {}, clientInfo: { name: 'x', version: '1' } } },
        false,
      ],
      ['prompts/get without a name', { method: 'prompts/get', params: { arguments: {} } }, true],
      [
        'prompts/get with arguments that are not strings',
        { method: 'prompts/get', params: { name: 'summarise_reviews_since', arguments: { since: 5 } } },
        true,
      ],
      ['completion/complete without a ref', { method: 'completion/complete', params: { argument: { name: 'a', value: 'b' } } }, true],
      [
        'completion/complete with a ref of no known type',
        { method: 'completion/complete', params: { ref: { type: 'ref/tool', name: 'x' }, argument: { name: 'a', value: 'b' } } },
        true,
      ],
      ['resources/read without a uri', { method: 'resources/read', params: {} }, true],
      ['tools/list with a number for the cursor', { method: 'tools/list', params: { cursor: 5 } }, true],
      ['prompts/list with a number for the cursor', { method: 'prompts/list', params: { cursor: 5 } }, true],
      ['resources/list with a number for the cursor', { method: 'resources/list', params: { cursor: 5 } }, true],
      ['resources/templates/list with a number for the cursor', { method: 'resources/templates/list', params: { cursor: 5 } }, true],
      [
        'initialize with capabilities nested 3,000 deep',
        {
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: { experimental: { x: nested(3_000) } },
            clientInfo: { name: 'x', version: '1' },
          },
        },
        false,
      ],
    ])('malformed params are -32602, not an internal error: %s', async (_, message, inSession) => {
      const answer = await post({ jsonrpc: '2.0', id: 12, ...message }, inSession ? { 'mcp-session-id': session } : {});
      expect(answer.status).toBe(200);
      expect(rpcError(answer)).toMatchObject({ code: -32602, id: 12 });
      expect(answer.headers['mcp-session-id']).toBeUndefined();
    });

    it('an unknown method is -32601, even one named like a property every object has', async () => {
      const answer = await post({ jsonrpc: '2.0', id: 4, method: 'reviews/delete' }, { 'mcp-session-id': session });
      expect(rpcError(answer)).toMatchObject({ code: -32601, id: 4 });
      for (const method of ['hasOwnProperty', 'toString', 'constructor', '__proto__']) {
        const odd = await post({ jsonrpc: '2.0', id: 5, method }, { 'mcp-session-id': session });
        expect(rpcError(odd), method).toMatchObject({ code: -32601, id: 5 });
      }
    });
  });

  describe('HTTP refusals', () => {
    it.each(['GET', 'DELETE'])('%s is 405 with Allow', async (method) => {
      const answer = await send(method, undefined, { 'mcp-session-id': session, accept: 'text/event-stream' });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('POST, OPTIONS');
    });

    it('a foreign Origin is 403; the site, a configured origin and no Origin are not', async () => {
      const foreign = await post(toolsList, { 'mcp-session-id': session, origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect(rpcError(foreign).message).toContain('Origin');
      for (const origin of ['http://localhost:4321', 'https://assistant.example', new URL(server.url).origin]) {
        expect((await post(toolsList, { 'mcp-session-id': session, origin })).status, origin).toBe(200);
      }
    });

    it('a Host that is not ours is 403 (DNS rebinding); loopback names with our port and the site host are ours', async () => {
      const { port } = new URL(server.url);
      expect((await post(toolsList, { 'mcp-session-id': session, host: 'evil.example' })).status).toBe(403);
      expect((await post(toolsList, { 'mcp-session-id': session, host: `evil.example:${port}` })).status).toBe(403);
      expect((await post(toolsList, { 'mcp-session-id': session, host: 'localhost:1' })).status).toBe(403);
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost:4321']) {
        expect((await post(toolsList, { 'mcp-session-id': session, host })).status, host).toBe(200);
      }
    });

    it('Accept without text/event-stream is 406', async () => {
      const answer = await post(toolsList, { 'mcp-session-id': session, accept: 'application/json' });
      expect(answer.status).toBe(406);
    });

    it('a body over the cap is 413, unread', async () => {
      const answer = await post(JSON.stringify({ ...toolsList, params: { pad: 'x'.repeat(1024 * 1024) } }), { 'mcp-session-id': session });
      expect(answer.status).toBe(413);
    });

    it('a Content-Type other than JSON is 415', async () => {
      const answer = await send('POST', 'a=b', {
        ...MCP_POST_HEADERS,
        'content-type': 'application/x-www-form-urlencoded',
        'mcp-session-id': session,
      });
      expect(answer.status).toBe(415);
    });

    it('a CORS preflight names the MCP headers', async () => {
      const answer = await send('OPTIONS', undefined, { origin: 'https://assistant.example', 'access-control-request-method': 'POST' });
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-headers']).toContain('Mcp-Session-Id');
    });
  });

  it('nothing a client sends is answered 500', async () => {
    const message = fc.oneof(
      fc.jsonValue(),
      fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.oneof(fc.integer(), fc.string()),
        method: fc.constantFrom('initialize', 'tools/call', 'tools/list', 'resources/read', 'prompts/get', 'completion/complete', 'ping'),
        params: fc.jsonValue(),
      }),
      fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.integer(),
        method: fc.constant('tools/call'),
        params: fc.record({
          name: fc.constantFrom('search_reviews', 'get_review', 'get_trend', 'get_reviews_since'),
          arguments: fc.dictionary(fc.constantFrom('rating', 'limit', 'id', 'date', 'months', 'query', 'since'), fc.jsonValue()),
        }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(message, async (m) => {
        const answer = await post(JSON.stringify(m), { 'mcp-session-id': session });
        expect([200, 202, 400]).toContain(answer.status);
      }),
      { numRuns: 200 },
    );
  });
});
