import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ServerConfig } from '../src/config.ts';
import { createApp } from './app.ts';
import { ArtifactsHolder } from './artifacts.ts';
import { nodeListener } from './node-adapter.ts';

export interface RunningServer {
  /** Base URL the server answers on, e.g. http://127.0.0.1:4321 */
  url: string;
  artifacts: ArtifactsHolder;
  close(): Promise<void>;
}

/** Loads the build output and listens. Used by `npm start`, the tests and the benchmarks. */
export async function startServer(config: Pick<ServerConfig, 'host' | 'port' | 'distDir'>): Promise<RunningServer> {
  const artifacts = await ArtifactsHolder.open(join(config.distDir, 'client'));
  const server = createServer({ keepAliveTimeout: 5_000 }, nodeListener(createApp({ artifacts })));
  await listen(server, config.host, config.port);
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return { url: `http://${host}:${port}`, artifacts, close: () => close(server) };
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
