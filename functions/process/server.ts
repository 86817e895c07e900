import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from '../../src/config.ts';
import { createApp, type App } from '../routing/app.ts';
import { ArtifactsHolder } from '../builds/artifacts.ts';
import type { Route } from '../http/router.ts';
import { HttpError, renderError } from '../http/http-error.ts';
import { rawResponse } from '../http/send.ts';
import { createNodeAdapter, type NodeAdapter } from './node-adapter.ts';

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
 * The Node HTTP server with the contract's limits, made before the app so
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
    server.on('checkExpectation', (_req, res) => {
      res.writeHead(417, { connection: 'close' }).end();
      res.once('finish', () => res.socket?.destroy());
    });
    server.on('clientError', adapter.onClientError);
    // CONNECT is no method of this server: Node would close without a word.
    server.on('connect', (_req, socket: Socket) =>
      socket.end(
        rawResponse(renderError(new HttpError(405, 'CONNECT is not allowed here.', { headers: { allow: 'GET, HEAD, POST, OPTIONS' } }))),
      ),
    );
    // A client that half-closes after pipelining still gets every answer (the adapter may hold some back).
    // Not in Node's typings, but read by its HTTP server since 0.x (socketOnEnd): the tests pin the behaviour.
    (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
    server.setTimeout(this.#limits.idleTimeoutMs);
    capConnections(server, this.#limits.maxConnections);
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

/** Opens the build output, serves the read API and the given routes, and listens: the tests' and benchmarks' small server. */
export async function startServer(options: {
  host: string;
  port: number;
  distDir: string;
  http?: Partial<HttpLimits>;
  log?: (message: string) => void;
  routes?: readonly Route[];
}): Promise<RunningServer> {
  const log = options.log ?? console.error;
  const artifacts = await ArtifactsHolder.open(join(options.distDir, 'client'));
  const http = new HttpServer({ http: options.http ?? {}, log });
  const app = createApp({ artifacts, routes: options.routes ?? [], log });
  const url = await http.listen(app, options.host, options.port);
  return { url, artifacts, close: (drainMs?: number) => http.close(drainMs) };
}

export interface RunningServer {
  /** Base URL the server answers on, e.g. http://127.0.0.1:4321 */
  url: string;
  artifacts: ArtifactsHolder;
  close(drainMs?: number): Promise<void>;
}

const REFUSAL = rawResponse(
  renderError(new HttpError(503, 'Too many open connections; try again shortly.', { headers: { 'retry-after': '1' } })),
);

/**
 * One connection past `max` is answered 503 and closed at once, before it
 * is read: the server keeps file descriptors and memory for those it serves
 * (Node's own `maxConnections` closes it without a word).
 */
function capConnections(server: Server, max: number): void {
  let open = 0;
  server.prependListener('connection', (socket: Socket) => {
    if (open >= max) {
      socket.end(REFUSAL);
      socket.destroySoon();
      return;
    }
    open += 1;
    socket.once('close', () => (open -= 1));
  });
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
    server.closeIdleConnections = () => this.closeIdle();
  }

  closeIdle(): void {
    for (const socket of this.#open) if (!this.#adapter.busy(socket)) socket[this.#draining ? 'end' : 'destroySoon']();
  }

  /** From now on a connection closes as soon as its last answer has left and the client has read it. */
  drain(): void {
    this.#draining = true;
    this.#adapter.onIdle((socket) => socket.end());
    for (const socket of this.#open) {
      // Node ends a `Connection: close` answer with destroySoon, which closes once the bytes reach the kernel, not the client.
      socket.destroySoon = () => void socket.end();
    }
    this.closeIdle();
  }
}
