import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { isPublicAddress } from '../../src/lib/hub/address.ts';

/** The hub refused to connect: the callback's address is not public (docs/interface.md, "WebSub hub"). */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  readonly code = 'HUB_BLOCKED_ADDRESS';
}

export type Resolver = (hostname: string) => Promise<readonly { address: string }[]>;

export interface HubClientOptions {
  /** HUB_ALLOW_PRIVATE_CALLBACKS: skip the address check (tests, local use). */
  allowPrivate: boolean;
  /** Connect, headers and body each within this; the whole exchange too. */
  timeoutMs: number;
  /** Connections to one callback origin at once. */
  connectionsPerOrigin: number;
  /** DNS resolution; tests inject one that maps a public-looking name to 127.0.0.1. */
  resolve?: Resolver;
}

export interface HubResponse {
  status: number;
  /** At most `maxBodyBytes` of the body (more marks `truncated`). */
  body: Buffer;
  truncated: boolean;
}

const resolveAll: Resolver = (hostname) => dnsLookup(hostname, { all: true, order: 'ipv4first' });

/**
 * The connector every hub request goes through. It resolves the host itself
 * and connects to the address it checked, so what is checked is what is
 * connected to: a host name whose DNS answer changes between check and
 * connect (rebinding) cannot slip through, and IP literals, which never reach
 * a `lookup` hook, are checked the same way. Every new connection is
 * checked; a kept-alive one was checked when it opened. TLS is Node's own
 * (`tls.connect` without a `ca`), so trust is Node's store plus
 * `NODE_EXTRA_CA_CERTS`, and certificates are checked against the host name.
 */
export function guardedConnector(options: Pick<HubClientOptions, 'allowPrivate' | 'timeoutMs' | 'resolve'>): buildConnector.connector {
  const connect = buildConnector({ timeout: options.timeoutMs, allowH2: false });
  const resolve = options.resolve ?? resolveAll;
  return (target, callback) => {
    const hostname = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
    const addresses = isIP(hostname) ? Promise.resolve([{ address: hostname }]) : resolve(hostname);
    addresses.then(
      (found) => {
        const blocked = options.allowPrivate ? undefined : found.find((a) => !isPublicAddress(a.address));
        const chosen = found[0];
        if (blocked || !chosen) {
          callback(
            new BlockedAddressError(`${hostname} resolves to ${blocked?.address ?? 'nothing'}, which is not a public address`),
            null,
          );
          return;
        }
        // `host` keeps the name, so the connector sends it as SNI and Node checks the certificate against it.
        connect({ ...target, hostname: chosen.address }, callback);
      },
      (error: unknown) => callback(error as Error, null),
    );
  };
}

/**
 * Outgoing HTTP for the hub: one undici Agent through the guarded connector.
 * Redirects are never followed (undici's `request` follows none), bodies are
 * read only as far as the caller needs, and every exchange has a deadline.
 */
export class HubClient {
  readonly #agent: Agent;
  readonly #timeoutMs: number;

  constructor(options: HubClientOptions) {
    this.#timeoutMs = options.timeoutMs;
    this.#agent = new Agent({
      connect: guardedConnector(options),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      keepAliveTimeout: 4_000,
      connections: options.connectionsPerOrigin,
    });
  }

  async send(exchange: {
    method: 'GET' | 'POST';
    url: string;
    headers?: Record<string, string>;
    body?: Uint8Array;
    maxBodyBytes: number;
  }): Promise<HubResponse> {
    const response = await request(exchange.url, {
      dispatcher: this.#agent,
      method: exchange.method,
      headers: { 'user-agent': 'verified-reviews-websub-hub', ...exchange.headers },
      body: exchange.body ?? null,
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    if (exchange.maxBodyBytes > 0) {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        const room = exchange.maxBodyBytes - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (chunk.length > room) {
          truncated = true;
          break;
        }
      }
      // Leaving the loop early destroys the body: nothing past what the caller needs is read.
    } else {
      // Drain a short acknowledgement so the connection can be reused; a long one is cut off.
      await response.body.dump({ limit: 16 * 1024 }).catch(() => {});
    }
    return { status: response.statusCode, body: Buffer.concat(chunks, size), truncated };
  }

  close(): Promise<void> {
    return this.#agent.close();
  }

  /** Drops open connections at once (shutdown with requests in flight). */
  destroy(): Promise<void> {
    return this.#agent.destroy();
  }
}
