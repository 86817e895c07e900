import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './http-error.ts';
import type { BodyPolicy } from './router.ts';

/** RFC 9112 §6.3: a request has a body when it says so by Content-Length (non-zero) or Transfer-Encoding. */
export function requestHasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) !== 0);
}

/**
 * Reads a request body within `policy`: 415 for a media type the route does
 * not take and 413 for a declared length over the cap, both before reading a
 * byte; 413 as soon as the bytes read pass the cap, reading no further
 * (Hono's body-limit middleware works the same way). Either error closes the
 * connection, since the rest of the body is never read.
 */
export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  policy: BodyPolicy,
  format: 'json' | 'text' = 'json',
): Promise<Uint8Array> {
  const type = mediaType(req.headers['content-type']);
  if (!policy.types.includes(type)) {
    const expected = policy.types.join(' or ');
    return Promise.reject(new HttpError(415, `Content-Type must be ${expected}${type ? `, not ${type}` : ''}.`, { close: true, format }));
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > policy.maxBytes) return Promise.reject(tooLarge(policy, format));
  // Tell a client that waits for "100 Continue" to go ahead (Node leaves it to us when we listen for checkContinue).
  if (req.headers.expect?.toLowerCase() === '100-continue') res.writeContinue();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > policy.maxBytes) {
        cleanUp();
        req.pause();
        reject(tooLarge(policy, format));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanUp();
      resolve(Buffer.concat(chunks, size));
    };
    // An aborted upload has nobody to answer: the connection is gone, and the pending request with it.
    const onAborted = (): void => cleanUp();
    const cleanUp = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAborted);
      req.off('close', onAborted);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAborted);
    req.on('close', onAborted);
  });
}

function tooLarge(policy: BodyPolicy, format: 'json' | 'text'): HttpError {
  return new HttpError(413, `The request body is larger than this endpoint takes (${policy.maxBytes} bytes).`, { close: true, format });
}

/** `Application/JSON; charset=utf-8` → `application/json`. */
export function mediaType(header: string | undefined): string {
  if (!header) return '';
  const semicolon = header.indexOf(';');
  return (semicolon < 0 ? header : header.slice(0, semicolon)).trim().toLowerCase();
}
