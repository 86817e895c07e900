import type { HttpReply } from './reply.ts';

/**
 * Every read endpoint is public: any origin may read it and see its
 * validators. No credentials are involved, so `*` is safe.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Last-Modified',
};

export function withCors(reply: HttpReply): HttpReply {
  return { ...reply, headers: { ...reply.headers, ...CORS_HEADERS } };
}

/** The answer to a CORS preflight (OPTIONS) for a route that takes `allow`. */
export function preflight(allow: readonly string[], allowHeaders: readonly string[]): HttpReply {
  return {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      'access-control-allow-methods': allow.join(', '),
      'access-control-allow-headers': allowHeaders.join(', '),
      'access-control-max-age': '86400',
      allow: allow.join(', '),
    },
    body: null,
  };
}
