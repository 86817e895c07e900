import type { HttpReply } from '../http/reply.ts';

/** A handler's reply as a Web `Response`, for the Astro dev routes. */
export function toWebResponse(reply: HttpReply, head = false): Response {
  const chunks = reply.body === null ? [] : typeof reply.body === 'string' || reply.body instanceof Uint8Array ? [reply.body] : reply.body;
  const body = head || chunks.length === 0 ? null : Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
  return new Response(body, { status: reply.status, headers: reply.headers });
}
