import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { writeUtf8 } from '../../src/lib/utf8.ts';
import type { BufferPool } from './buffer-pool.ts';
import { NOSNIFF, type HttpReply } from './reply.ts';

/** Bodies in several chunks up to this size are copied into one buffer: one write beats several. */
const COALESCE_BYTES = 64 * 1024;

/**
 * What an answer Node has not yet handed to the network holds beyond its
 * body: its head, and the request and response objects (about 2 KB measured
 * with a flood of HEAD requests, whose answers have no body at all).
 */
const ANSWER_OVERHEAD_BYTES = 2 * 1024;

/** Bytes an unsent answer holds in this process, for the backpressure budget. */
export function answerBytes(reply: HttpReply, head: boolean): number {
  let bytes = ANSWER_OVERHEAD_BYTES;
  for (const name in reply.headers) bytes += name.length + (reply.headers[name] as string).length + 4;
  if (head || reply.body === null) return bytes;
  const { body } = reply;
  if (typeof body === 'string') return bytes + body.length * 3;
  if (body instanceof Uint8Array) return bytes + body.byteLength;
  for (const c of body) bytes += typeof c === 'string' ? c.length * 3 : c.byteLength;
  return bytes;
}

/**
 * Writes the reply; a body of a few chunks is copied into one buffer of
 * `pool` (the adapter's) first. Returns whether Node handed every byte to the
 * network at once.
 */
export function send(res: ServerResponse, reply: HttpReply, head: boolean, pool: BufferPool): boolean {
  const { body } = reply;
  let single: string | Uint8Array | undefined;
  let chunks: readonly (string | Uint8Array)[] | undefined;
  let pooled: Buffer | undefined;
  let length = 0;
  if (typeof body === 'string') {
    single = body;
    length = Buffer.byteLength(body);
  } else if (body instanceof Uint8Array) {
    single = body;
    length = body.byteLength;
  } else if (body !== null) {
    for (const c of body) length += typeof c === 'string' ? Buffer.byteLength(c) : c.byteLength;
    // HEAD needs the length only: no copy for a body that is never sent.
    if (head) chunks = body;
    else if (length <= COALESCE_BYTES) single = coalesce(body, (pooled = pool.take(length)));
    else chunks = body;
  }
  // 304 and 204 carry no body and no length (RFC 9110 §8.6 allows omitting it).
  const headers = reply.status === 304 || reply.status === 204 ? withNosniff(reply.headers) : withLength(reply.headers, length);
  res.writeHead(reply.status, headers);
  const sent =
    reply.onSent || pooled
      ? () => {
          reply.onSent?.();
          if (pooled) pool.give(pooled);
        }
      : undefined;
  if (head || length === 0) res.end();
  else if (single !== undefined) res.end(single);
  else {
    // Large slices of prebuilt buffers: no copy, one writev for all of them.
    res.cork();
    for (const chunk of chunks ?? []) res.write(chunk);
    res.end();
  }
  // Usually the socket took every byte at once and the buffers are free now; a listener only when it did not.
  if (res.writableFinished) {
    sent?.();
    return true;
  }
  if (sent) res.once('finish', sent);
  return false;
}

function withLength(headers: Record<string, string>, length: number): Record<string, string | number> {
  // The read API's replies carry nosniff already: one copy of their headers, not two.
  return headers['x-content-type-options'] === undefined
    ? { ...NOSNIFF, ...headers, 'content-length': length }
    : { ...headers, 'content-length': length };
}

function withNosniff(headers: Record<string, string>): Record<string, string> {
  return headers['x-content-type-options'] === undefined ? { ...NOSNIFF, ...headers } : headers;
}

/** The chunks end to end at the start of `target`; returns that part of it. */
function coalesce(chunks: readonly (string | Uint8Array)[], target: Buffer): Buffer {
  let offset = 0;
  for (const chunk of chunks)
    offset = typeof chunk === 'string' ? writeUtf8(target, chunk, offset) : (target.set(chunk, offset), offset + chunk.byteLength);
  return target.subarray(0, offset);
}

/**
 * A reply as the bytes of a whole HTTP/1.1 response, for answers written to
 * a socket Node's HTTP machinery does not own (a refused connection, a
 * request Node could not parse). Always closes the connection.
 */
export function rawResponse(reply: HttpReply): string {
  const body = typeof reply.body === 'string' ? reply.body : '';
  const lines = [`HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}`];
  const headers = withNosniff(reply.headers);
  for (const name in headers) if (name !== 'connection') lines.push(`${name}: ${headers[name] as string}`);
  lines.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close', '', body);
  return lines.join('\r\n');
}
