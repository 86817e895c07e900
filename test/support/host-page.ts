import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostPage {
  /** The page's URL: an origin of its own (127.0.0.1 on another port than the service). */
  url: string;
  close(): Promise<void>;
}

/**
 * A business's own website, as far as a widget can tell: one HTML page on another origin than the
 * service, answering every path with it. Closes its connections on `close`.
 */
export async function startHostPage(html: string): Promise<HostPage> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
