import { CONTENT_TYPES } from '../../src/lib/endpoints.ts';

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
  /** The request body, read within its route's cap; only routes that take a body get one. (Not `body`: a Web `Request` has its own.) */
  readonly payload?: Uint8Array | undefined;
  /** The peer's address, where the transport knows it (rate limits key on it). */
  readonly remoteAddress?: string | undefined;
}

/** What a handler answers: a plain value, turned into bytes by an adapter. */
export interface HttpReply {
  status: number;
  headers: Record<string, string>;
  /** Chunks are written in order: lets a handler answer with slices of prebuilt buffers. HEAD drops the body in the adapter. */
  body: string | Uint8Array | readonly (string | Uint8Array)[] | null;
  /** Called once the body has been handed to the network (never, if the connection fails first): lets pooled bytes be reused. */
  onSent?: () => void;
  /** Work to start once the answer is on its way, or its connection closed (a hub verification runs after its 202, never before). */
  afterSent?: () => void;
}

export function jsonReply(status: number, body: string, headers: Record<string, string> = {}): HttpReply {
  return { status, headers: { 'content-type': `${CONTENT_TYPES.json}; charset=utf-8`, ...headers }, body };
}

/** On every answer, errors included: a browser must take each body for its declared type (send.ts adds it where a reply lacks it). */
export const NOSNIFF: Readonly<Record<string, string>> = { 'x-content-type-options': 'nosniff' };
