import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { writeUtf8 } from '../src/lib/utf8.ts';
import type { App } from './app.ts';
import { readBody, requestHasBody } from './http/body.ts';
import { responseBuffers } from './http/buffer-pool.ts';
import { HttpError, renderError } from './http/http-error.ts';
import type { HttpReply, HttpRequest } from './http/reply.ts';

/** Requests answered in one go before their answers are written; bounds the bodies held at once. */
const BATCH_SIZE = 16;

/** What one connection may hold of the server's memory (contract section 2, "Limits every endpoint keeps"). */
export interface ConnectionLimits {
  /** Bytes of answers written but not yet taken by the network, past which the connection's next requests wait. */
  maxUnsentBytes: number;
  /** Requests one connection may have waiting for their answers; past it the connection is closed. */
  maxQueuedRequests: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { maxUnsentBytes: 1024 * 1024, maxQueuedRequests: 1024 };

export interface NodeListenerOptions {
  log?: (message: string) => void;
  batchSize?: number;
  limits?: ConnectionLimits;
}

/** A request on its way to an answer. */
interface Pending {
  req: IncomingMessage;
  res: ServerResponse;
  /** Set when the answer is known before the handler runs (a refused body). */
  reply?: HttpReply;
  body?: Uint8Array;
}

/** Per connection: what it holds of the server's memory. */
interface Connection {
  /** Requests received and not yet answered: queued for a turn or waiting on backpressure. */
  queued: number;
  /** Bytes of answers handed to Node that the network has not taken yet. */
  unsentBytes: number;
  /** Requests held back while `unsentBytes` is over the bound; the socket is paused meanwhile. */
  waiting: Pending[];
}

/**
 * Node's request/response → the app's plain values. No Web `Request` or
 * `Response` is built: on the hot path that would cost more than the handler.
 *
 * Requests are answered in batches, once the event loop has read every
 * socket that was ready (`setImmediate`): up to `batchSize` answers are
 * computed one after another, then written one after another. Interleaved,
 * each write's trip through the kernel's network stack pushed the handler's
 * code and data out of the processor's caches before the next request, and
 * each write woke the client on its own; batched, both run warm, which cut
 * the CPU per search at 10,000 reviews by a third (docs/read-path.md, "Answering in batches").
 *
 * Backpressure is ours: Node parses every request of a chunk it has read,
 * so a client that pipelines thousands of requests and reads nothing would
 * have every answer built and held. A connection whose unsent answers pass
 * `maxUnsentBytes` gets no new answer computed: its requests wait (the
 * request objects only) and its socket stops being read until the network
 * takes its answers; one that queues more than `maxQueuedRequests` is closed.
 */
export function nodeListener(app: App, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const log = options.log ?? console.error;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const limits = options.limits ?? DEFAULT_CONNECTION_LIMITS;
  const connections = new WeakMap<Socket, Connection>();
  // Reused from turn to turn: queuing a request allocates nothing.
  let ready: Pending[] = [];
  const replies: (HttpReply | Promise<HttpReply>)[] = [];
  let scheduled = false;

  const connectionOf = (socket: Socket): Connection => {
    let connection = connections.get(socket);
    if (!connection) {
      const created: Connection = { queued: 0, unsentBytes: 0, waiting: [] };
      socket.once('close', () => {
        created.waiting.length = 0;
        created.queued = 0;
      });
      connections.set(socket, (connection = created));
    }
    return connection;
  };

  const schedule = (pending: Pending): void => {
    ready.push(pending);
    if (scheduled) return;
    scheduled = true;
    setImmediate(drain);
  };

  /** Once a connection's answers have left, its held-back requests go to the next turn. */
  const release = (socket: Socket, connection: Connection): void => {
    if (connection.unsentBytes > limits.maxUnsentBytes || connection.waiting.length === 0) return;
    const waiting = connection.waiting;
    connection.waiting = [];
    for (const pending of waiting) schedule(pending);
    if (!socket.destroyed) socket.resume();
  };

  const sent = (pending: Pending, connection: Connection, bytes: number): void => {
    connection.queued -= 1;
    if (bytes === 0) return;
    connection.unsentBytes += bytes;
    let done = false;
    const settle = (): void => {
      if (done) return;
      done = true;
      connection.unsentBytes -= bytes;
      release(pending.req.socket, connection);
    };
    pending.res.once('finish', settle);
    pending.res.once('close', settle);
  };

  const drain = (): void => {
    scheduled = false;
    // Requests that arrive while this runs wait for the next turn.
    const turn = ready;
    ready = [];
    for (let i = 0; i < turn.length; ) {
      const batch: Pending[] = [];
      for (; i < turn.length && batch.length < batchSize; i += 1) {
        const pending = turn[i] as Pending;
        const socket = pending.req.socket;
        if (socket.destroyed) continue;
        const connection = connectionOf(socket);
        if (connection.unsentBytes > limits.maxUnsentBytes || connection.waiting.length > 0) {
          holdBack(connection, pending);
          continue;
        }
        replies[batch.length] = pending.reply ?? answer(app, pending, log);
        batch.push(pending);
      }
      for (let b = 0; b < batch.length; b += 1) {
        const pending = batch[b] as Pending;
        deliver(pending, replies[b] as HttpReply | Promise<HttpReply>, log, (bytes) => sent(pending, connectionOf(pending.req.socket), bytes));
      }
    }
    replies.length = 0;
  };

  const holdBack = (connection: Connection, pending: Pending): void => {
    connection.waiting.push(pending);
    pending.req.socket.pause();
  };

  return (req, res) => {
    const connection = connectionOf(req.socket);
    connection.queued += 1;
    if (connection.queued > limits.maxQueuedRequests) {
      log(`closing a connection from ${req.socket.remoteAddress ?? '?'}: more than ${limits.maxQueuedRequests} requests waiting for answers`);
      req.socket.destroy();
      return;
    }
    if (!requestHasBody(req)) {
      schedule({ req, res });
      return;
    }
    const rule = app.bodyRule(req.method ?? 'GET', req.url ?? '/');
    if (rule instanceof HttpError) {
      schedule({ req, res, reply: renderError(rule) });
      return;
    }
    readBody(req, res, rule.policy, rule.format).then(
      (body) => schedule({ req, res, body }),
      (error: unknown) => schedule({ req, res, reply: error instanceof HttpError ? renderError(error) : internalError(error, log) }),
    );
  };
}

function answer(app: App, pending: Pending, log: (message: string) => void): HttpReply | Promise<HttpReply> {
  try {
    return app.handle(new NodeRequest(pending.req, pending.body));
  } catch (error) {
    // The app renders its own errors; this is the last guard, for a bug in the app itself.
    return internalError(error, log);
  }
}

function deliver(pending: Pending, reply: HttpReply | Promise<HttpReply>, log: (message: string) => void, onWritten: (bytes: number) => void): void {
  const head = pending.req.method === 'HEAD';
  if (reply instanceof Promise) {
    reply.then(
      (r) => onWritten(write(pending, r, head, log)),
      (error: unknown) => onWritten(write(pending, internalError(error, log), false, log)),
    );
  } else {
    onWritten(write(pending, reply, head, log));
  }
}

/** `send`, guarded: a reply Node refuses (a bad header from a handler bug) costs its own connection, not the batch. Returns the bytes left to send. */
function write(pending: Pending, reply: HttpReply, head: boolean, log: (message: string) => void): number {
  const { req, res } = pending;
  try {
    const bytes = send(res, reply, head);
    // The request's body was left unread: end the connection rather than read on to find the next request.
    if (reply.headers.connection === 'close' && requestHasBody(req) && !req.complete) res.once('finish', () => req.socket.destroy());
    if (reply.afterSent) res.once('finish', reply.afterSent);
    return bytes;
  } catch (error) {
    log(`cannot send a ${reply.status} answer: ${describe(error)}`);
    res.destroy();
    return 0;
  }
}

/** The handler's view of a Node request: one small object, headers read on demand. */
class NodeRequest implements HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  readonly payload: Uint8Array | undefined;
  readonly remoteAddress: string | undefined;
  constructor(req: IncomingMessage, payload: Uint8Array | undefined) {
    this.method = req.method ?? 'GET';
    this.url = req.url ?? '/';
    this.headers = new NodeHeaders(req.headers);
    this.payload = payload;
    this.remoteAddress = req.socket.remoteAddress;
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

/** Bodies in several chunks up to this size are copied into one buffer: one write beats several. */
const COALESCE_BYTES = 64 * 1024;

/** Writes the reply; returns how many body bytes Node still holds for the network (0 when it took them all). */
function send(res: ServerResponse, reply: HttpReply, head: boolean): number {
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
  // Usually the socket took every byte at once and the buffers are free now; a listener only when it did not.
  if (res.writableFinished) {
    sent?.();
    return 0;
  }
  if (sent) res.once('finish', sent);
  return head ? 1 : Math.max(length, 1);
}

/** The chunks end to end at the start of `target`; returns that part of it. */
function coalesce(chunks: readonly (string | Uint8Array)[], target: Buffer): Buffer {
  let offset = 0;
  for (const chunk of chunks) offset = typeof chunk === 'string' ? writeUtf8(target, chunk, offset) : (target.set(chunk, offset), offset + chunk.byteLength);
  return target.subarray(0, offset);
}

function internalError(error: unknown, log: (message: string) => void): HttpReply {
  log(`internal error: ${describe(error)}`);
  return renderError(new HttpError(500, 'The server failed to answer this request; it has been logged.'));
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
