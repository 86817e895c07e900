import { CONTENT_TYPES } from '../../src/lib/endpoints.ts';
import type { ErrorBody, Issue, ValidationError } from '../../src/schemas/errors.ts';

/**
 * The request a handler sees: the part of the Web `Request` it reads. A real
 * `Request` satisfies it (Astro dev), and the Node adapter builds a cheap one,
 * because constructing a full `Request` per call costs more than the handler.
 */
export interface HttpRequest {
  readonly method: string;
  /** Absolute URL or path with query. */
  readonly url: string;
  readonly headers: { get(name: string): string | null };
}

/** What a handler answers: a plain value, turned into bytes by an adapter. */
export interface HttpReply {
  status: number;
  headers: Record<string, string>;
  /** Chunks are written in order: lets a handler answer with slices of prebuilt buffers. HEAD drops the body in the adapter. */
  body: string | Uint8Array | readonly (string | Uint8Array)[] | null;
  /** Called once the body has been handed to the network (never, if the connection fails first): lets pooled bytes be reused. */
  onSent?: () => void;
}

export type Handler = (request: HttpRequest) => HttpReply | Promise<HttpReply>;

export function jsonReply(status: number, body: string, headers: Record<string, string> = {}): HttpReply {
  return { status, headers: { 'content-type': `${CONTENT_TYPES.json}; charset=utf-8`, ...headers }, body };
}

export function invalidRequest(issues: Issue[]): HttpReply {
  const body: ValidationError = { error: 'invalid_request', issues };
  return jsonReply(400, JSON.stringify(body), { 'cache-control': 'no-store' });
}

export function errorReply(status: 400 | 404 | 405 | 500, message: string, headers: Record<string, string> = {}): HttpReply {
  const error: ErrorBody['error'] =
    status === 400 ? 'bad_request' : status === 404 ? 'not_found' : status === 405 ? 'method_not_allowed' : 'internal_error';
  return jsonReply(status, JSON.stringify({ error, message } satisfies ErrorBody), headers);
}

export function methodNotAllowed(method: string, allow: readonly string[]): HttpReply {
  return errorReply(405, `${method} is not allowed here; use ${allow.join(', ')}`, { allow: allow.join(', ') });
}
