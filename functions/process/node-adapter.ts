import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_HTTP_LIMITS } from '../../src/config.ts';
import type { App } from '../routing/app.ts';
import { Budget, type Connection, type ConnectionLimits, type Pending } from '../http/backpressure.ts';
import { BufferPool } from '../http/buffer-pool.ts';
import { readBody, requestHasBody } from '../http/body.ts';
import { describeError, HttpError, internalError, renderError } from '../http/http-error.ts';
import type { HttpReply, HttpRequest } from '../http/reply.ts';
import { answerBytes, rawResponse, send } from '../http/send.ts';

/** Requests answered in one go before their answers are written; bounds the bodies held at once. */
const BATCH_SIZE = 16;

/** How long the answers before a request Node could not parse may take before its 400 goes out anyway. */
const PARSE_ERROR_GRACE_MS = 5_000;

export type { ConnectionLimits } from '../http/backpressure.ts';

export interface NodeListenerOptions {
  log?: (message: string) => void;
  batchSize?: number;
  limits?: ConnectionLimits;
}

export interface NodeAdapter {
  /** The `request` (and `checkContinue`) listener. */
  onRequest(req: IncomingMessage, res: ServerResponse): void;
  /** The `clientError` listener: Node's answer to a request it could not parse, after the answers before it. */
  onClientError(error: NodeJS.ErrnoException, socket: Socket): void;
  /** Whether a connection has requests whose answers have not all been handed to the network. */
  busy(socket: Socket): boolean;
  /** From now on, `idle` runs each time a connection's last answer has been handed to the network. */
  onIdle(idle: (socket: Socket) => void): void;
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
 * the CPU per search at 10,000 reviews by a third (docs/read-path.md).
 * What clients may hold meanwhile is bounded by the `Budget` (backpressure).
 */
export function createNodeAdapter(app: Pick<App, 'handle' | 'bodyRule'>, options: NodeListenerOptions = {}): NodeAdapter {
  const log = options.log ?? console.error;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let ready: Pending[] = [];
  let scheduled = false;
  const schedule = (pending: Pending): void => {
    ready.push(pending);
    if (scheduled) return;
    scheduled = true;
    setImmediate(drain);
  };
  const budget = new Budget(options.limits ?? DEFAULT_HTTP_LIMITS, (waiting) => {
    for (const pending of waiting) schedule(pending);
  });
  // Bodies of a few chunks are copied into one of these before they are written: up to 2 MiB kept free.
  const pool = new BufferPool({ maxFreeBytes: 2 * 1024 * 1024 });
  // Reused from turn to turn.
  const replies: (HttpReply | Promise<HttpReply>)[] = [];
  const charged: number[] = [];

  const drain = (): void => {
    scheduled = false;
    // Requests that arrive while this runs wait for the next turn.
    const turn = ready;
    ready = [];
    for (let i = 0; i < turn.length;) {
      const batch: Pending[] = [];
      for (; i < turn.length && batch.length < batchSize; i += 1) {
        const pending = turn[i] as Pending;
        const connection = budget.connectionOf(pending.req.socket);
        // A socket destroyed this turn (closed for pipelining too much) is marked closed only by its
        // `close` event, which comes after this turn: its requests would be answered for nobody.
        if (connection.closed || pending.req.socket.destroyed) continue;
        if (!budget.mayAnswer(connection, pending)) {
          budget.hold(connection, pending);
          continue;
        }
        const reply = pending.reply ?? answer(app, pending, log);
        // Charged as it is computed, so a batch's answers count before any of them is written.
        const bytes = reply instanceof Promise ? 0 : answerBytes(reply, pending.req.method === 'HEAD');
        budget.charge(connection, bytes);
        replies[batch.length] = reply;
        charged[batch.length] = bytes;
        batch.push(pending);
      }
      for (let b = 0; b < batch.length; b += 1)
        deliver(batch[b] as Pending, replies[b] as HttpReply | Promise<HttpReply>, charged[b] as number);
    }
    replies.length = 0;
    charged.length = 0;
  };

  const deliver = (pending: Pending, reply: HttpReply | Promise<HttpReply>, bytes: number): void => {
    const connection = budget.connectionOf(pending.req.socket);
    const head = pending.req.method === 'HEAD';
    const done = (written: HttpReply, chargedBytes: number): void => {
      const left = write(pending, written, head, pool, log);
      const settle = (): void => budget.settle(connection, chargedBytes, pending.req.socket);
      if (left) settle();
      else pending.res.once('close', settle);
    };
    if (!(reply instanceof Promise)) return done(reply, bytes);
    reply.then(
      (r) => {
        const later = answerBytes(r, head);
        budget.charge(connection, later);
        done(r, later);
      },
      (error: unknown) => done(internalError(error, log), 0),
    );
  };

  const close = (connection: Connection, socket: Socket, why: string): void => {
    if (!connection.noted) log(`closing a connection from ${socket.remoteAddress ?? '?'}: ${why}`);
    connection.noted = true;
    socket.destroy();
  };

  return {
    busy: (socket) => budget.busy(socket),
    onIdle: (idle) => budget.onIdle(idle),
    onRequest(req, res) {
      const socket = req.socket;
      const connection = budget.connectionOf(socket);
      if (connection.closed || socket.destroyed) return;
      const refused = budget.admit(connection);
      if (refused) return close(connection, socket, refused);
      if (!requestHasBody(req)) return schedule({ req, res });
      const rule = app.bodyRule(req.method ?? 'GET', req.url ?? '/');
      if (rule instanceof HttpError) return schedule({ req, res, reply: renderError(rule) });
      readBody(req, res, rule.policy, rule.format).then(
        (payload) => schedule({ req, res, payload }),
        (error: unknown) => schedule({ req, res, reply: error instanceof HttpError ? renderError(error) : internalError(error, log) }),
      );
    },
    onClientError(error, socket) {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      let answered = false;
      const answer = (): void => {
        if (answered) return;
        answered = true;
        if (socket.writable) socket.end(rawResponse(renderError(clientError(error))));
        socket.destroy();
      };
      const connection = budget.connectionOf(socket);
      // A timeout ends the connection now: the request still arriving is one of those waiting.
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || connection.queued === 0 || connection.closed) return answer();
      // Requests Node parsed before the bad one are answered first, as Node itself would; but never
      // later than this, since a request whose body the bad bytes cut short would never be answered.
      connection.whenIdle = answer;
      setTimeout(answer, PARSE_ERROR_GRACE_MS).unref();
    },
  };
}

/** The error Node's parser or timers raised, as the service's JSON error (Node's own answers have no body and no CORS). */
function clientError(error: NodeJS.ErrnoException): HttpError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return new HttpError(431, 'The request head is larger than 16 KB.', { close: true });
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new HttpError(408, 'The request took too long to arrive.', { close: true });
  return new HttpError(400, 'The request is not valid HTTP/1.1.', { close: true });
}

function answer(app: Pick<App, 'handle'>, pending: Pending, log: (message: string) => void): HttpReply | Promise<HttpReply> {
  try {
    return app.handle(new NodeRequest(pending.req, pending.payload));
  } catch (error) {
    // The app renders its own errors; this is the last guard, for a bug in the app itself.
    return internalError(error, log);
  }
}

/** `send`, guarded: a reply Node refuses (a bad header from a handler bug) costs its own connection, not the batch. Returns whether every byte left at once. */
function write(pending: Pending, reply: HttpReply, head: boolean, pool: BufferPool, log: (message: string) => void): boolean {
  const { req, res } = pending;
  try {
    const left = send(res, reply, head, pool);
    // The request's body was left unread: end the connection rather than read on to find the next request.
    if (reply.headers.connection === 'close' && requestHasBody(req) && !req.complete) res.once('finish', () => req.socket.destroy());
    if (reply.afterSent) runOnceLeft(res, reply.afterSent);
    return left;
  } catch (error) {
    log(`cannot send a ${reply.status} answer: ${describeError(error)}`);
    res.destroy();
    return true;
  }
}

/**
 * Runs `work` once the answer has left, or once its connection closed first:
 * work promised by a 202 (a hub verification, a publish) must start even when
 * the client hangs up before reading it.
 */
function runOnceLeft(res: ServerResponse, work: () => void): void {
  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    work();
  };
  if (res.closed) return start();
  res.once('finish', start);
  res.once('close', start);
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
