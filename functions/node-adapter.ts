import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeUtf8 } from '../src/lib/utf8.ts';
import { responseBuffers } from './http/buffer-pool.ts';
import { errorReply, type Handler, type HttpReply, type HttpRequest } from './http/reply.ts';

/** Requests answered in one go before their answers are written; bounds the bodies held at once. */
const BATCH_SIZE = 16;

/**
 * Node's request/response → the handler's plain values. No Web `Request` or
 * `Response` is built: on the hot path that would cost more than the handler.
 *
 * Requests are answered in batches, once the event loop has read every
 * socket that was ready (`setImmediate`): up to `batchSize` answers are
 * computed one after another, then written one after another. Interleaved,
 * each write's trip through the kernel's network stack pushed the handler's
 * code and data out of the processor's caches before the next request, and
 * each write woke the client on its own; batched, both run warm, which cut
 * the CPU per search at 10,000 reviews by a third (README, "Answering in batches").
 */
export function nodeListener(
  handle: Handler,
  log: (message: string) => void = console.error,
  batchSize = BATCH_SIZE,
): (req: IncomingMessage, res: ServerResponse) => void {
  // Reused from turn to turn: queuing a request allocates nothing.
  const requests: IncomingMessage[] = [];
  const responses: ServerResponse[] = [];
  const replies: (HttpReply | Promise<HttpReply> | undefined)[] = [];
  let scheduled = false;

  const answer = (req: IncomingMessage): HttpReply | Promise<HttpReply> => {
    try {
      return handle(toHttpRequest(req));
    } catch (error) {
      return internalError(error, log);
    }
  };
  const drain = (): void => {
    scheduled = false;
    // No request can arrive while this runs: it is one synchronous pass.
    for (let first = 0; first < requests.length; first += batchSize) {
      const end = Math.min(first + batchSize, requests.length);
      for (let i = first; i < end; i += 1) replies[i] = answer(requests[i] as IncomingMessage);
      for (let i = first; i < end; i += 1) {
        deliver(requests[i] as IncomingMessage, responses[i] as ServerResponse, replies[i] as HttpReply | Promise<HttpReply>, log);
      }
    }
    requests.length = 0;
    responses.length = 0;
    replies.length = 0;
  };
  return (req, res) => {
    requests.push(req);
    responses.push(res);
    if (scheduled) return;
    scheduled = true;
    setImmediate(drain);
  };
}

function deliver(req: IncomingMessage, res: ServerResponse, reply: HttpReply | Promise<HttpReply>, log: (message: string) => void): void {
  const head = req.method === 'HEAD';
  if (reply instanceof Promise) {
    reply.then(
      (r) => write(res, r, head, log),
      (error: unknown) => write(res, internalError(error, log), false, log),
    );
  } else {
    write(res, reply, head, log);
  }
}

/** `send`, guarded: a reply Node refuses (a bad header from a handler bug) costs its own connection, not the batch. */
function write(res: ServerResponse, reply: HttpReply, head: boolean, log: (message: string) => void): void {
  try {
    send(res, reply, head);
  } catch (error) {
    log(`cannot send a ${reply.status} answer: ${describe(error)}`);
    res.destroy();
  }
}

/** The handler's view of a Node request: one small object, headers read on demand. */
class NodeRequest implements HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  constructor(req: IncomingMessage) {
    this.method = req.method ?? 'GET';
    this.url = req.url ?? '/';
    this.headers = new NodeHeaders(req.headers);
  }
}

class NodeHeaders {
  readonly #headers: IncomingMessage['headers'];
  constructor(headers: IncomingMessage['headers']) {
    this.#headers = headers;
  }
  get(name: string): string | null {
    const value = this.#headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

function toHttpRequest(req: IncomingMessage): HttpRequest {
  return new NodeRequest(req);
}

/** Bodies in several chunks up to this size are copied into one buffer: one write beats several. */
const COALESCE_BYTES = 64 * 1024;

function send(res: ServerResponse, reply: HttpReply, head: boolean): void {
  const { body } = reply;
  let single: string | Uint8Array | undefined;
  let chunks: readonly (string | Uint8Array)[] | undefined;
  let pooled: Buffer | undefined;
  let length = 0;
  if (typeof body === 'string') {
    single = body;
    length = Buffer.byteLength(body);
  } else if (body instanceof Uint8Array) {
    single = body;
    length = body.byteLength;
  } else if (body !== null) {
    for (const c of body) length += typeof c === 'string' ? Buffer.byteLength(c) : c.byteLength;
    if (length <= COALESCE_BYTES) single = coalesce(body, (pooled = responseBuffers.take(length)));
    else chunks = body;
  }
  // 304 and 204 carry no body and no length (RFC 9110 §8.6 allows omitting it).
  const headers = reply.status === 304 || reply.status === 204 ? reply.headers : { ...reply.headers, 'content-length': length };
  res.writeHead(reply.status, headers);
  const sent =
    reply.onSent || pooled
      ? () => {
          reply.onSent?.();
          if (pooled) responseBuffers.give(pooled);
        }
      : undefined;
  if (head || length === 0) res.end();
  else if (single !== undefined) res.end(single);
  else {
    // Large slices of prebuilt buffers: no copy, one writev for all of them.
    res.cork();
    for (const chunk of chunks ?? []) res.write(chunk);
    res.end();
  }
  if (!sent) return;
  // Usually the socket took every byte at once and the buffers are free now; a listener only when it did not.
  if (res.writableFinished) sent();
  else res.once('finish', sent);
}

/** The chunks end to end at the start of `target`; returns that part of it. */
function coalesce(chunks: readonly (string | Uint8Array)[], target: Buffer): Buffer {
  let offset = 0;
  for (const chunk of chunks) offset = typeof chunk === 'string' ? writeUtf8(target, chunk, offset) : (target.set(chunk, offset), offset + chunk.byteLength);
  return target.subarray(0, offset);
}

function internalError(error: unknown, log: (message: string) => void): HttpReply {
  log(`internal error: ${describe(error)}`);
  return errorReply(500, 'The server failed to answer this request; it has been logged.');
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
