import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a callback server received, body included. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  at: number;
}

export interface Answer {
  status: number;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Answer only once this settles: a test holds an answer until the event it waits for (a kill, a retry), not for a time. */
  until?: Promise<unknown>;
}

/** Decides the answer for a request; the default confirms every verification and acknowledges every notification. */
export type Behaviour = (request: Received) => Answer;

export const confirming: Behaviour = (r) => {
  if (r.method === 'GET') return { status: 200, body: r.query.get('hub.challenge') ?? '', headers: { 'content-type': 'text/plain' } };
  return { status: 204 };
};

/**
 * A subscriber's HTTPS endpoint on 127.0.0.1 with the test CA's certificate:
 * records everything it receives and answers per path as told.
 */
export class CallbackServer {
  readonly received: Received[] = [];
  readonly #behaviours = new Map<string, Behaviour>();
  #server: Server;
  origin = '';

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(tls: { key: string; cert: string }, host = '127.0.0.1'): Promise<CallbackServer> {
    let self: CallbackServer | undefined;
    const server = createServer({ ...tls, keepAliveTimeout: 10_000 }, (req, res) => self?.handle(req, res));
    self = new CallbackServer(server);
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    self.origin = `https://${host}:${(server.address() as AddressInfo).port}`;
    return self;
  }

  /** A callback URL on this server; `behaviour` answers for its path. */
  url(path: string, behaviour: Behaviour = confirming): string {
    this.#behaviours.set(path.split('?')[0] as string, behaviour);
    return this.origin + path;
  }

  behave(path: string, behaviour: Behaviour): void {
    this.#behaviours.set(path, behaviour);
  }

  to(path: string, method?: string): Received[] {
    return this.received.filter((r) => r.path === path && (method === undefined || r.method === method));
  }

  /** Waits (bounded) until `predicate` holds over what was received. */
  async waitFor(predicate: (received: Received[]) => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      if (Date.now() > deadline)
        throw new Error(
          `timed out after ${timeoutMs} ms waiting for ${what}; received ${this.received.map((r) => `${r.method} ${r.path}`).join(', ') || 'nothing'}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', this.origin);
      const received: Received = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      this.received.push(received);
      const answer = (this.#behaviours.get(url.pathname) ?? confirming)(received);
      const send = (): void => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      };
      // A held answer whose connection is gone by then (the hub was killed) is dropped.
      const sendIfOpen = (): void => {
        if (!res.destroyed) send();
      };
      if (answer.until) void answer.until.then(sendIfOpen, sendIfOpen);
      else if (answer.delayMs) setTimeout(sendIfOpen, answer.delayMs);
      else send();
    });
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
