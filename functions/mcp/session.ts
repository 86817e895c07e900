import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Self-validating MCP session ids: `v1.<expiry>.<protocol version>.<nonce>.<mac>`,
 * the MAC an HMAC-SHA256 of everything before it. The server keeps no session
 * table: any process that holds the secret accepts an id until it expires, a
 * restart with the same secret breaks no client, and nothing grows with the
 * number of clients. An id only says "this server issued me, at this protocol
 * version, until then": it is not a credential (every tool is public).
 */
export interface SessionSigner {
  issue(protocolVersion: string): string;
  /** The session's protocol version, or why the id is refused. */
  verify(id: string): { ok: true; protocolVersion: string } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };
}

export interface SessionOptions {
  /** MCP_SESSION_SECRET; a random one per process when absent (ids then die with the process). */
  secret: string | undefined;
  /** How long an id stays valid. A client whose id expired gets 404 and initializes again (the spec's rule). */
  lifetimeSeconds?: number;
  now?: () => number;
}

/** A day: long enough for an assistant's working session, short enough that a leaked id ages out. */
export const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;
const VERSION = 'v1';
/** Longest id this server issues is under 100 characters; anything much longer is refused before hashing. */
const MAX_ID_LENGTH = 200;
/** Verified ids remembered per process (a few hundred kilobytes at most). */
const MAX_VERIFIED = 4096;
/** Protocol versions are dates (`2025-06-18`); the pattern keeps the id within visible ASCII as the spec asks. */
const PROTOCOL_VERSION = /^[0-9A-Za-z-]{1,32}$/;

export function createSessionSigner(options: SessionOptions): SessionSigner {
  // A KeyObject made once: given raw bytes, createHmac would import the key again on every call.
  const key = createSecretKey(options.secret === undefined ? randomBytes(32) : Buffer.from(options.secret, 'utf8'));
  const lifetime = options.lifetimeSeconds ?? SESSION_LIFETIME_SECONDS;
  const now = options.now ?? Date.now;
  const mac = (payload: string): Buffer => createHmac('sha256', key).update(payload).digest();
  // Ids already verified, with their expiry: a client sends the same id on every request, so the
  // MAC is computed once per id and process. Bounded: emptied when full (a miss only costs a MAC).
  const verified = new Map<string, { expiry: number; protocolVersion: string }>();

  return {
    issue(protocolVersion) {
      if (!PROTOCOL_VERSION.test(protocolVersion))
        throw new Error(`cannot put protocol version ${JSON.stringify(protocolVersion)} in a session id`);
      const expiry = Math.floor(now() / 1000) + lifetime;
      const payload = `${VERSION}.${expiry.toString(36)}.${protocolVersion}.${randomBytes(9).toString('base64url')}`;
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(id) {
      const known = verified.get(id);
      if (known)
        return known.expiry * 1000 > now() ? { ok: true, protocolVersion: known.protocolVersion } : { ok: false, reason: 'expired' };
      if (id.length > MAX_ID_LENGTH) return { ok: false, reason: 'malformed' };
      const dot = id.lastIndexOf('.');
      const parts = id.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) return { ok: false, reason: 'malformed' };
      // The MAC is compared as the text this server writes, not as decoded bytes: base64url leaves
      // spare bits in its last character, so a decoder accepts several spellings of one MAC.
      const given = Buffer.from(id.slice(dot + 1), 'latin1');
      const expected = Buffer.from(mac(id.slice(0, dot)).toString('base64url'), 'latin1');
      // Compared in constant time, so the MAC cannot be found byte by byte from answer times.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
      const expiry = parseInt(parts[1] as string, 36);
      if (!(expiry * 1000 > now())) return { ok: false, reason: 'expired' };
      if (verified.size >= MAX_VERIFIED) verified.clear();
      verified.set(id, { expiry, protocolVersion: parts[2] as string });
      return { ok: true, protocolVersion: parts[2] as string };
    },
  };
}
