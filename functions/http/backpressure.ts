import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpReply } from './reply.ts';

/** What clients may hold of the server's memory (docs/interface.md, "Read endpoints": limits). */
export interface ConnectionLimits {
  /** Bytes of answers one connection may leave unsent before its next requests wait. */
  maxUnsentBytes: number;
  /** Requests one connection may have received and not yet seen answered; past it the connection is closed. */
  maxQueuedRequests: number;
  /** Bytes of unsent answers all connections together may hold before pipelined requests wait everywhere. */
  maxUnsentBytesTotal: number;
  /** Requests all connections together may hold; past it a connection that pipelines is closed. */
  maxQueuedRequestsTotal: number;
}

/** A request on its way to an answer. */
export interface Pending {
  req: IncomingMessage;
  res: ServerResponse;
  /** Set when the answer is known before the handler runs (a refused body). */
  reply?: HttpReply;
  payload?: Uint8Array;
}

/** Per connection: what it holds of the server's memory. */
export interface Connection {
  closed: boolean;
  /** Requests received whose answers have not yet left (queued, waiting, or written but unsent). */
  queued: number;
  /** Estimated bytes of answers computed and not yet taken by the network. */
  unsentBytes: number;
  /** Requests held back while the connection (or the process) is over its budget; the socket is paused meanwhile. */
  waiting: Pending[];
  /** Whether closing it has been logged (an attacker must not control the log's volume). */
  noted: boolean;
  /** Run once every answer has left (an error Node raised must come after the answers before it). */
  whenIdle: (() => void) | undefined;
}

/**
 * The memory budget of every connection and of the process. Node parses every
 * request of a chunk it has read, and this server answers at the end of the
 * event loop's turn, so Node's own backpressure (taken when a request is read)
 * never sees the answers pile up: a client that pipelines thousands of
 * requests and reads nothing would have every answer built and held. Here a
 * connection over its budget gets no new answer computed: its requests wait
 * (the request objects only) and its socket is paused until the network takes
 * what it holds. The oldest unanswered request of a connection is never held
 * back: later answers cannot leave before it, so holding it would wait forever.
 */
export class Budget {
  readonly #limits: ConnectionLimits;
  readonly #connections = new WeakMap<Socket, Connection>();
  /** Connections with requests waiting, to wake when the process's budget frees up. */
  readonly #blocked = new Set<Connection>();
  readonly #wake: (pending: readonly Pending[]) => void;
  #onIdle: ((socket: Socket) => void) | undefined;
  #queued = 0;
  #unsent = 0;

  constructor(limits: ConnectionLimits, wake: (pending: readonly Pending[]) => void) {
    this.#limits = limits;
    this.#wake = wake;
  }

  connectionOf(socket: Socket): Connection {
    let connection = this.#connections.get(socket);
    if (connection) return connection;
    const created: Connection = { closed: false, queued: 0, unsentBytes: 0, waiting: [], noted: false, whenIdle: undefined };
    socket.once('close', () => {
      created.closed = true;
      this.#queued -= created.queued;
      this.#unsent -= created.unsentBytes;
      created.queued = 0;
      created.unsentBytes = 0;
      created.waiting = [];
      this.#blocked.delete(created);
    });
    this.#connections.set(socket, (connection = created));
    return connection;
  }

  /** Whether this socket's connection has requests whose answers have not all left. */
  busy(socket: Socket): boolean {
    return (this.#connections.get(socket)?.queued ?? 0) > 0;
  }

  /** From now on, `idle` runs each time a connection's last answer has left (a shutdown closes it then). */
  onIdle(idle: (socket: Socket) => void): void {
    this.#onIdle = idle;
  }

  /** Counts a new request; returns why its connection must be closed instead, if it must. */
  admit(connection: Connection): string | undefined {
    connection.queued += 1;
    this.#queued += 1;
    if (connection.queued > this.#limits.maxQueuedRequests)
      return `more than ${this.#limits.maxQueuedRequests} requests waiting for answers`;
    if (this.#queued > this.#limits.maxQueuedRequestsTotal && connection.queued > 1) {
      return `pipelining while the server holds ${this.#queued} requests`;
    }
    return undefined;
  }

  /** Whether a request may be answered now, or must wait for the network to take what is held. */
  mayAnswer(connection: Connection, pending: Pending): boolean {
    // Node assigns the socket to the connection's oldest unanswered response only.
    if (pending.res.socket !== null) return true;
    if (connection.waiting.length > 0) return false;
    return connection.unsentBytes <= this.#limits.maxUnsentBytes && this.#unsent <= this.#limits.maxUnsentBytesTotal;
  }

  hold(connection: Connection, pending: Pending): void {
    connection.waiting.push(pending);
    this.#blocked.add(connection);
    pending.req.socket.pause();
  }

  /** An answer of `bytes` has been computed for this connection. */
  charge(connection: Connection, bytes: number): void {
    if (connection.closed) return;
    connection.unsentBytes += bytes;
    this.#unsent += bytes;
  }

  /** An answer charged `bytes` has left (or will never leave): its request is done. */
  settle(connection: Connection, bytes: number, socket: Socket): void {
    if (connection.closed) return;
    connection.unsentBytes -= bytes;
    connection.queued -= 1;
    this.#unsent -= bytes;
    this.#queued -= 1;
    if (connection.queued === 0) {
      const run = connection.whenIdle;
      connection.whenIdle = undefined;
      run?.();
      this.#onIdle?.(socket);
    }
    this.#release(connection, socket);
    if (this.#blocked.size > 0 && this.#unsent <= this.#limits.maxUnsentBytesTotal) {
      for (const other of this.#blocked) if (other !== connection) this.#release(other, undefined);
    }
  }

  #release(connection: Connection, socket: Socket | undefined): void {
    if (connection.waiting.length === 0 || connection.unsentBytes > this.#limits.maxUnsentBytes) return;
    const waiting = connection.waiting;
    connection.waiting = [];
    this.#blocked.delete(connection);
    const resumed = socket ?? waiting[0]?.req.socket;
    if (resumed && !resumed.destroyed) resumed.resume();
    this.#wake(waiting);
  }
}
