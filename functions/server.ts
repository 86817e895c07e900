import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { DEFAULT_HTTP_LIMITS, type HttpLimits, type ServerConfig } from '../src/config.ts';
import { createApp } from './app.ts';
import { ArtifactsHolder } from './artifacts.ts';
import type { Route } from './http/router.ts';
import { HttpError, renderError } from './http/http-error.ts';
import { rawResponse } from './http/send.ts';
import { createNodeAdapter } from './node-adapter.ts';

export interface RunningServer {
  /** Base URL the server answers on, e.g. http://127.0.0.1:4321 */
  url: string;
  artifacts: ArtifactsHolder;
  close(): Promise<void>;
}

export interface ListeningAddress {
  host: string;
  port: number;
}

export interface StartOptions extends Pick<ServerConfig, 'host' | 'port' | 'distDir'> {
  http?: Partial<HttpLimits>;
  /** Endpoint families beyond the read API; `listening()` tells where the server listens, once it does. */
  routes?: (artifacts: ArtifactsHolder, listening: () => ListeningAddress | undefined) => readonly Route[];
  log?: (message: string) => void;
}

/** Loads the build output and listens. Used by `npm start`, the tests and the benchmarks. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const limits = { ...DEFAULT_HTTP_LIMITS, ...options.http };
  const log = options.log ?? console.error;
  const artifacts = await ArtifactsHolder.open(join(options.distDir, 'client'));
  // Known once listening; routes that check Host (MCP) ask for it per request.
  const where: { listening?: ListeningAddress } = {};
  const app = createApp({ artifacts, routes: options.routes?.(artifacts, () => where.listening) ?? [], log });
  const adapter = createNodeAdapter(app, { log, limits });
  const server = createServer(
    {
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for connections past the two timeouts above (its default, 30 s, lets an idle one live 60 s more).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    adapter.onRequest,
  );
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
  server.setTimeout(limits.idleTimeoutMs);
  capConnections(server, limits.maxConnections);
  await listen(server, options.host, options.port);
  const { address, port } = server.address() as AddressInfo;
  where.listening = { host: address, port };
  const host = address.includes(':') ? `[${address}]` : address;
  return { url: `http://${host}:${port}`, artifacts, close: () => close(server) };
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

/** Stops accepting, lets requests in flight finish, then drops idle keep-alive sockets. */
function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  });
}
