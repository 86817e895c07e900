import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorReply, type Handler, type HttpReply, type HttpRequest } from './http/reply.ts';

/**
 * Node's request/response → the handler's plain values. No Web `Request` or
 * `Response` is built: on the hot path that would cost more than the handler.
 */
export function nodeListener(handle: Handler, log: (message: string) => void = console.error) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const request = toHttpRequest(req);
    let reply: HttpReply | Promise<HttpReply>;
    try {
      reply = handle(request);
    } catch (error) {
      reply = internalError(error, log);
    }
    if (reply instanceof Promise) {
      reply.then(
        (r) => send(res, r, req.method === 'HEAD'),
        (error: unknown) => send(res, internalError(error, log), false),
      );
    } else {
      send(res, reply, req.method === 'HEAD');
    }
  };
}

function toHttpRequest(req: IncomingMessage): HttpRequest {
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: {
      get(name: string): string | null {
        const value = req.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    },
  };
}

function send(res: ServerResponse, reply: HttpReply, head: boolean): void {
  const chunks = reply.body === null ? [] : typeof reply.body === 'string' || reply.body instanceof Uint8Array ? [reply.body] : reply.body;
  const headers: Record<string, string | number> = { ...reply.headers };
  // 304 and 204 carry no body and no length (RFC 9110 §8.6 allows omitting it).
  if (reply.status !== 304 && reply.status !== 204) {
    headers['content-length'] = chunks.reduce((n, c) => n + (typeof c === 'string' ? Buffer.byteLength(c) : c.byteLength), 0);
  }
  res.writeHead(reply.status, headers);
  if (head || chunks.length === 0) {
    res.end();
    return;
  }
  const last = chunks.length - 1;
  for (let i = 0; i < last; i += 1) res.write(chunks[i]);
  res.end(chunks[last]);
}

function internalError(error: unknown, log: (message: string) => void): HttpReply {
  log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return errorReply(500, 'The server failed to answer this request; it has been logged.');
}
