import { describe, expect, it } from 'vitest';
import { acceptedCodings, prefersHtml } from '../../../functions/http/negotiation.ts';

describe('acceptedCodings (RFC 9110 §12.5.3)', () => {
  it.each([
    [null, ['identity']],
    ['', ['identity']],
    ['br', ['br', 'identity']],
    ['gzip', ['gzip', 'identity']],
    ['br, gzip', ['br', 'gzip', 'identity']],
    ['gzip, br', ['br', 'gzip', 'identity']],
    ['gzip, deflate, br, zstd', ['br', 'gzip', 'identity']],
    ['br;q=0, gzip', ['gzip', 'identity']],
    ['gzip;q=0', ['identity']],
    ['identity', ['identity']],
    ['*', ['br', 'gzip', 'identity']],
    ['*;q=0.5, gzip', ['gzip', 'br', 'identity']],
    ['gzip;q=0.8, br;q=0.5', ['gzip', 'br', 'identity']],
    ['br;q=0.5, identity;q=0.9', ['identity', 'br']],
    ['x-gzip', ['gzip', 'identity']],
    ['GZIP;Q=1', ['gzip', 'identity']],
    ['deflate', ['identity']],
  ] as const)('%j → %j', (header, expected) => {
    expect(acceptedCodings(header)).toEqual(expected);
  });

  it('keeps identity out when the client excludes it, and falls back to it when nothing else is left', () => {
    expect(acceptedCodings('br, identity;q=0')).toEqual(['br']);
    expect(acceptedCodings('gzip, *;q=0')).toEqual(['gzip']);
    // Nothing acceptable: the header is disregarded (§12.1) rather than answered 406.
    expect(acceptedCodings('identity;q=0')).toEqual(['identity']);
    expect(acceptedCodings('*;q=0')).toEqual(['identity']);
  });

  it('reads a malformed q-value as 0, never as a preference', () => {
    expect(acceptedCodings('br;q=2, gzip')).toEqual(['gzip', 'identity']);
    expect(acceptedCodings('br;q=abc')).toEqual(['identity']);
    expect(acceptedCodings('br;q=0.0001')).toEqual(['identity']);
  });

  it('answers the same for a header it has remembered', () => {
    for (let i = 0; i < 200; i += 1) acceptedCodings(`br;q=0.${i % 10}, x-${i}`);
    expect(acceptedCodings('br;q=0.5, x-3')).toEqual(['br', 'identity']);
    expect(acceptedCodings('br;q=0.5, x-3')).toEqual(['br', 'identity']);
  });
});

describe('prefersHtml', () => {
  it.each([
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['text/html', true],
    ['text/*', true],
    ['*/*', false],
    ['application/json', false],
    ['application/json, text/html;q=0.9', false],
    ['text/html;q=0.5, application/json', false],
    ['text/html;q=0.9, */*;q=0.1', true],
    ['text/html;q=0, */*', false],
  ])('%j → %s', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });

  it('is false without an Accept header', () => {
    expect(prefersHtml(null)).toBe(false);
  });
});
