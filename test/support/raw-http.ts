/**
 * Raw HTTP for tests: one request with exactly the given headers and the bytes as they came, and,
 * below that, a plain socket.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent: not decompressed (fetch would decompress them and hide what went over the wire). */
  body: Buffer;
}

/** One request with exactly these headers (no Accept-Encoding unless given), the answer's bytes as they came. */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body with its Content-Encoding undone: what a client that decompresses reads. */
export function decoded(response: RawResponse): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === undefined) return response.body;
  if (coding === 'br') return brotliDecompressSync(response.body);
  if (coding === 'gzip') return gunzipSync(response.body);
  throw new Error(`unexpected Content-Encoding ${coding}`);
}

// Below the request: a plain TCP socket, for what no HTTP client sends or would tidy up (pipelined
// requests, broken framing, slow or half-closed clients).

/** Opens a connection to a local test server: `target` is its URL or its port on 127.0.0.1. */
export function openSocket(target: string | number): Promise<Socket> {
  const { hostname, port } = typeof target === 'number' ? { hostname: '127.0.0.1', port: target } : new URL(target);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until the connection closes (bytes as latin1 characters), and how long that took. */
export function readUntilClosed(socket: Socket): Promise<{ text: string; ms: number }> {
  const start = Date.now();
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ text, ms: Date.now() - start }));
  });
}
