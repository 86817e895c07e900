import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientKey, hostKey, isPublicAddress, literalAddress } from '../../../src/lib/hub/address.ts';
import { grantLease, leaseExpiry } from '../../../src/lib/hub/lease.ts';
import { notificationHeaders, signature } from '../../../src/lib/hub/notification.ts';
import { RateLimiter } from '../../../src/lib/hub/rate-limit.ts';
import { afterFailure, isGone, isSuccess, MAX_CONSECUTIVE_FAILURES } from '../../../src/lib/hub/retry.ts';

describe('leases', () => {
  const policy = { minSeconds: 3600, maxSeconds: 2_592_000, defaultSeconds: 864_000 };
  it.each([
    [undefined, 864_000],
    [0, 3600],
    [10, 3600],
    [7200, 7200],
    [99_999_999, 2_592_000],
  ])('asked %s, granted %s', (asked, granted) => expect(grantLease(asked, policy)).toBe(granted));
  it('run from the verification', () => expect(leaseExpiry(1_000, 3600)).toBe(3_601_000));
});

describe('failures', () => {
  const delays = [60_000, 300_000];
  it('retry after the configured delays, then remove at the third failure in a row', () => {
    expect(MAX_CONSECUTIVE_FAILURES).toBe(3);
    expect(afterFailure(1, delays)).toEqual({ remove: false, retryInMs: 60_000 });
    expect(afterFailure(2, delays)).toEqual({ remove: false, retryInMs: 300_000 });
    expect(afterFailure(3, delays)).toEqual({ remove: true });
  });
  it('repeat the last delay of a short list', () => expect(afterFailure(2, [5])).toEqual({ remove: false, retryInMs: 5 }));
  it('tell success and gone apart', () => {
    expect([200, 202, 204, 299].every(isSuccess)).toBe(true);
    expect([199, 300, 302, 404, 410, 500].some(isSuccess)).toBe(false);
    expect(isGone(410)).toBe(true);
    expect(isGone(404)).toBe(false);
  });
});

describe('addresses', () => {
  it.each(['8.8.8.8', '93.184.215.14', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (a) => expect(isPublicAddress(a)).toBe(true));
  it.each([
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    'not-an-ip',
  ])('%s is not', (a) => expect(isPublicAddress(a)).toBe(false));
  it('reads literals from URL host names only', () => {
    expect(literalAddress(new URL('https://0x7f.1/').hostname)).toBe('127.0.0.1');
    expect(literalAddress(new URL('https://[::ffff:127.0.0.1]/').hostname)).toBe('::ffff:7f00:1');
    expect(literalAddress('example.com')).toBeUndefined();
  });
  it('count IPv6 clients by /64 and mapped IPv4 as IPv4', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb::2'));
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    // One callback host has one key, however it is spelt.
    expect(hostKey('Victim.Example.')).toBe('victim.example');
    expect(hostKey('[::ffff:102:304]')).toBe('1.2.3.4');
    expect(hostKey('[2001:DB8::1]')).toBe('[2001:db8::1]');
    expect(clientKey(undefined)).toBe('unknown');
  });
});

describe('rate limiter', () => {
  it('refuses past the limit within a minute, counts no key of a refused request, and starts afresh next minute', () => {
    let now = 0;
    const limiter = new RateLimiter(2, { now: () => now });
    expect(limiter.take('a', 'h')).toEqual({ ok: true });
    expect(limiter.take('b', 'h')).toEqual({ ok: true });
    expect(limiter.take('c', 'h')).toEqual({ ok: false, retryAfterSeconds: 60 });
    // c was not counted by the refused request.
    expect(limiter.take('c')).toEqual({ ok: true });
    now = 60_000;
    expect(limiter.take('a', 'h')).toEqual({ ok: true });
  });
  it('is off at 0 and bounded in keys', () => {
    expect(new RateLimiter(0).take('x')).toEqual({ ok: true });
    const limiter = new RateLimiter(5, { maxKeys: 2, now: () => 0 });
    expect(limiter.take('a').ok && limiter.take('b').ok).toBe(true);
    expect(limiter.take('c').ok).toBe(false);
  });
  it('bounds each class of keys apart: made-up callback hosts cannot lock out new clients', () => {
    const limiter = new RateLimiter(100, { maxKeys: 2, now: () => 0 });
    expect(limiter.take('client 1.1.1.1', 'host a.example').ok).toBe(true);
    expect(limiter.take('client 1.1.1.1', 'host b.example').ok).toBe(true);
    expect(limiter.take('client 1.1.1.1', 'host c.example').ok).toBe(false);
    // The host class is full; a new client asking to publish (no host key) still gets in.
    expect(limiter.take('client 2.2.2.2').ok).toBe(true);
  });
});

describe('notification headers', () => {
  const topic = { url: 'https://x.example/feed.xml', contentType: 'application/atom+xml; charset=utf-8', body: Buffer.from('<feed/>') };
  it('carry the served type, one Link header, and a signature only with a secret', () => {
    expect(notificationHeaders(topic, 'https://x.example/api/websub/hub', null)).toEqual({
      'content-type': 'application/atom+xml; charset=utf-8',
      link: '<https://x.example/api/websub/hub>; rel="hub", <https://x.example/feed.xml>; rel="self"',
    });
    expect(notificationHeaders(topic, 'h', 'k')['x-hub-signature']).toBe(
      `sha256=${createHmac('sha256', 'k').update('<feed/>').digest('hex')}`,
    );
    expect(signature('k', topic.body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});
