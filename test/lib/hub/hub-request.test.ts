import { describe, expect, it } from 'vitest';
import { callbackWith, parseHubRequest } from '../../../src/lib/hub/hub-request.ts';

const TOPICS = ['https://s.example/feed.xml', 'https://s.example/api/feed.json', 'https://s.example/reviews.json'];
const LEASE = { minSeconds: 60, maxSeconds: 600, defaultSeconds: 300 };
const form = (fields: Record<string, string | string[]>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) p.append(k, x);
  return p.toString();
};

describe('parseHubRequest', () => {
  it('reads a subscribe, clamping the lease and keeping the callback in one spelling (host case, default port), its query as given', () => {
    const result = parseHubRequest(
      form({
        'hub.mode': 'subscribe',
        'hub.topic': TOPICS[0]!,
        'hub.callback': 'https://Sub.Example.:443/cb?a=1&B=%41',
        'hub.lease_seconds': '9999',
        'hub.secret': 's',
        'x.other': '1',
      }),
      TOPICS,
      LEASE,
    );
    expect(result).toEqual({
      ok: true,
      command: {
        mode: 'subscribe',
        topic: TOPICS[0],
        callback: 'https://sub.example./cb?a=1&B=%41',
        callbackHost: 'sub.example',
        leaseSeconds: 600,
        secret: 's',
      },
    });
  });

  it('reads a publish with repeated hub.url and hub.topic, and none as every topic', () => {
    expect(
      parseHubRequest(form({ 'hub.mode': 'publish', 'hub.url': [TOPICS[0]!, TOPICS[1]!], 'hub.topic': TOPICS[0]! }), TOPICS, LEASE),
    ).toEqual({ ok: true, command: { mode: 'publish', topics: [TOPICS[0], TOPICS[1]] } });
    expect(parseHubRequest('hub.mode=publish', TOPICS, LEASE)).toEqual({ ok: true, command: { mode: 'publish', topics: [] } });
  });

  it('collects every problem', () => {
    const result = parseHubRequest(
      form({
        'hub.mode': 'unsubscribe',
        'hub.callback': 'https://a.example/',
        'hub.topic': ['https://other/', TOPICS[1]!],
        'hub.url': TOPICS[0]!,
      }),
      TOPICS,
      LEASE,
    );
    expect(result).toEqual({
      ok: false,
      reasons: [
        'https://other/ is not a topic of this hub; the topics are https://s.example/feed.xml, https://s.example/api/feed.json, https://s.example/reviews.json',
        'hub.url belongs to publish requests; use hub.topic',
        'hub.topic is given more than once',
      ],
    });
  });

  it('says a missing mode is missing', () => {
    expect(parseHubRequest('', TOPICS, LEASE)).toEqual({ ok: false, reasons: ['hub.mode must be subscribe, unsubscribe or publish'] });
  });
});

describe('callbackWith', () => {
  it('keeps the callback query byte for byte and appends the hub parameters', () => {
    expect(callbackWith('https://a.example/cb?x=a%2fb&flag', { 'hub.mode': 'subscribe', 'hub.topic': 'https://t/?q' })).toBe(
      'https://a.example/cb?x=a%2fb&flag&hub.mode=subscribe&hub.topic=https%3A%2F%2Ft%2F%3Fq',
    );
    expect(callbackWith('https://a.example/cb#frag', { a: '1' })).toBe('https://a.example/cb?a=1');
    expect(callbackWith('https://a.example/cb?', { a: '1' })).toBe('https://a.example/cb?a=1');
  });
});
