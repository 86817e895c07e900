import { CORS_HEADERS } from '../http/cors.ts';
import { NOSNIFF } from '../http/reply.ts';

/**
 * Headers by kind of file (docs/interface.md, "Read endpoints": caching and compression;
 * the CDN rules in docs/http.md reproduce them).
 */

/** Datasets, feeds, the OpenAPI document and other files under a stable name: cached a minute, then revalidated by ETag. */
export const REVALIDATE = 'public, max-age=60, must-revalidate';
/** Astro's fingerprinted assets: a new build gives changed bytes a new name, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages: revalidated on every use, so a publish shows at once. */
export const HTML_CACHE = 'no-cache';

/**
 * The pages run no script and load styles, images and fonts from this site
 * only (no inline script or style: Astro writes stylesheets as files, see
 * astro.config.mjs; `data:` images for small inlined icons). They may not be
 * framed, except the embed card, which exists to be framed by the business's
 * own site.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];
export const PAGE_CSP = [...PAGE_POLICY, "frame-ancestors 'none'"].join('; ');
export const EMBED_CSP = [...PAGE_POLICY, 'frame-ancestors *'].join('; ');
/** An SVG opened on its own is a document that could run script: none runs; its own `<style>` (light and dark) applies. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The headers of `urlPath` (a built file of media type `type`) other than its validators and length. */
export function headersByKind(urlPath: string, type: string): Record<string, string> {
  const base = { 'content-type': withCharset(type), ...CORS_HEADERS, ...NOSNIFF };
  if (type === 'text/html') {
    const embed = urlPath === '/embed' || urlPath.startsWith('/embed/') || urlPath === '/embed.html';
    return {
      ...base,
      'cache-control': HTML_CACHE,
      'content-security-policy': embed ? EMBED_CSP : PAGE_CSP,
      'referrer-policy': REFERRER_POLICY,
      ...(embed ? {} : { 'x-frame-options': 'DENY' }),
    };
  }
  const cacheControl = urlPath.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE;
  if (type === 'image/svg+xml') {
    return { ...base, 'cache-control': cacheControl, 'content-security-policy': SVG_CSP, 'referrer-policy': REFERRER_POLICY };
  }
  return { ...base, 'cache-control': cacheControl };
}

function withCharset(type: string): string {
  return type.startsWith('text/') || type.endsWith('json') || type.endsWith('xml') ? `${type}; charset=utf-8` : type;
}
