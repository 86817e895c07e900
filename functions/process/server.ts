import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from '../../src/config.ts';
import type { App } from '../routing/app.ts';
import type { ArtifactsHolder } from '../builds/artifacts.ts';
import { createNodeAdapter, type NodeAdapter } from './node-adapter.ts';
import {
  abortQueuedRequestsWithoutStacks,
  capConnections,
  closeIdleByAnswersInFlight,
  endInsteadOfDestroySoon,
  keepHalfOpenConnections,
  refuseConnect,
  refuseUnknownExpectations,
} from '../http/node-workarounds.ts';

export interface ListeningAddress {
  host: string;
  port: number;
}

export interface HttpServerOptions {
  http?: Partial<HttpLimits>;
  log?: (message: string) => void;
}

/** How long a shutdown waits for answers in flight when nobody says (SHUTDOWN_DRAIN_MS). */
export const DEFAULT_DRAIN_MS = 30_000;

/**
 * The Node HTTP server with the service's limits (docs/interface.md), made before the app so
 * that routes which check Host (MCP) can ask it where it listens; `listen`
 * then serves the app. Used by `npm start`, the tests and the benchmarks.
 */
export class HttpServer {
  readonly #server: Server;
  readonly #limits: HttpLimits;
  readonly #log: (message: string) => void;
  #connections: Connections | undefined;
  #url = '';

  constructor(options: HttpServerOptions = {}) {
    this.#limits = { ...DEFAULT_HTTP_LIMITS, ...options.http };
    this.#log = options.log ?? console.error;
    const limits = this.#limits;
    this.#server = createServer({
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for connections past the two timeouts above (its default, 30 s, lets an idle one live 60 s more).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    });
  }

  /** Where the server listens, once it does. */
  address(): ListeningAddress | undefined {
    const address = this.#server.address();
    return address && typeof address === 'object' ? { host: address.address, port: address.port } : undefined;
  }

  /** Base URL the server answers on, e.g. http://127.0.0.1:4321 (empty before `listen`). */
  get url(): string {
    return this.#url;
  }

  async listen(app: App, host: string, port: number): Promise<string> {
    const server = this.#server;
    const adapter = createNodeAdapter(app, { log: this.#log, limits: this.#limits });
    server.on('request', adapter.onRequest);
    // Node answers "100 Continue" itself unless told otherwise; the adapter does it only for a body it will read.
    server.on('checkContinue', adapter.onRequest);
    refuseUnknownExpectations(server);
    server.on('clientError', adapter.onClientError);
    refuseConnect(server);
    keepHalfOpenConnections(server);
    server.setTimeout(this.#limits.idleTimeoutMs);
    capConnections(server, this.#limits.maxConnections);
    abortQueuedRequestsWithoutStacks(server);
    this.#connections = new Connections(server, adapter);
    await listen(server, host, port);
    const { address, port: bound } = server.address() as AddressInfo;
    this.#url = `http://${address.includes(':') ? `[${address}]` : address}:${bound}`;
    return this.#url;
  }

  /**
   * Stops accepting, lets every answer in flight finish (a download of any
   * size included), closing each keep-alive connection as soon as it is idle;
   * connections still busy after `drainMs` are cut. Resolves when none is left.
   */
  close(drainMs = DEFAULT_DRAIN_MS): Promise<void> {
    const server = this.#server;
    if (!server.listening) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const cut = setTimeout(() => server.closeAllConnections(), drainMs);
      server.close((error) => {
        clearTimeout(cut);
        if (error) reject(error);
        else resolve();
      });
      this.#connections?.drain();
    });
  }
}

/** A server the tests and benchmarks start: where it answers, its build, and how to stop it. */
export interface RunningServer {
  /** Base URL the server answers on, e.g. http://127.0.0.1:4321 */
  url: string;
  artifacts: ArtifactsHolder;
  close(drainMs?: number): Promise<void>;
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * The open connections, so a shutdown closes each between answers and never
 * during one. Node's own `closeIdleConnections` (which `server.close()`
 * calls) counts a connection idle once its answer is ended, though a large
 * answer may still be leaving: it cut every download still being read. Here
 * a connection is busy while the adapter's budget counts an answer of it not
 * yet handed to the kernel (the same count that bounds what clients hold, so
 * nothing is tracked per request twice). While draining, a connection done
 * with its answers is half-closed and kept until the client closes its side:
 * the client has then read every byte, and none is left in the kernel's
 * buffers when the process exits (a container's network goes with its process).
 */
class Connections {
  readonly #open = new Set<Socket>();
  readonly #adapter: NodeAdapter;
  #draining = false;

  constructor(server: Server, adapter: NodeAdapter) {
    this.#adapter = adapter;
    server.prependListener('connection', (socket: Socket) => {
      this.#open.add(socket);
      socket.once('close', () => this.#open.delete(socket));
    });
    closeIdleByAnswersInFlight(server, () => this.closeIdle());
  }

  closeIdle(): void {
    for (const socket of this.#open) if (!this.#adapter.busy(socket)) socket[this.#draining ? 'end' : 'destroySoon']();
  }

  /** From now on a connection closes as soon as its last answer has left and the client has read it. */
  drain(): void {
    this.#draining = true;
    this.#adapter.onIdle((socket) => socket.end());
    for (const socket of this.#open) endInsteadOfDestroySoon(socket);
    this.closeIdle();
  }
}
