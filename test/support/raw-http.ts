import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

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
