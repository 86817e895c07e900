import { describe, expect, it } from 'vitest';
import { createSessionSigner } from '../../../functions/mcp/session.ts';

describe('signed session ids', () => {
  const at = (ms: number) => createSessionSigner({ secret: 'sixteen characters or more', lifetimeSeconds: 60, now: () => ms });

  it('carry their protocol version and verify until they expire', () => {
    const id = at(1_000_000).issue('2025-06-18');
    expect(id).toMatch(/^[\x21-\x7e]+$/);
    expect(at(1_000_000 + 59_000).verify(id)).toEqual({ ok: true, protocolVersion: '2025-06-18' });
    expect(at(1_000_000 + 61_000).verify(id)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are unique per handshake', () => {
    const signer = at(0);
    expect(signer.issue('2025-11-25')).not.toBe(signer.issue('2025-11-25'));
  });

  it('refuse any change to the signed part, and other secrets', () => {
    const id = at(0).issue('2025-06-18');
    expect(at(0).verify(id.replace('2025-06-18', '2025-11-25'))).toEqual({ ok: false, reason: 'bad_signature' });
    const [v, expiry, ...rest] = id.split('.');
    expect(at(0).verify([v, (parseInt(expiry as string, 36) + 10_000).toString(36), ...rest].join('.'))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(createSessionSigner({ secret: 'a different secret, as long' }).verify(id)).toMatchObject({ ok: false });
    expect(createSessionSigner({ secret: undefined }).verify(id)).toMatchObject({ ok: false });
  });

  it('refuse malformed ids without hashing megabytes', () => {
    for (const id of ['', 'v1', 'v2.a.b.c.d', 'x'.repeat(10_000), 'v1.a.b.c'])
      expect(at(0).verify(id)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
