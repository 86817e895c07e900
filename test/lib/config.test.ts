import { describe, expect, it } from 'vitest';
import { ConfigError, readBuildConfig, readDeployConfig, readServerConfig } from '../../src/config.ts';

describe('hub configuration', () => {
  it('has the documented defaults (docs/configuration.md)', () => {
    expect(readServerConfig({}).hub).toEqual({
      dbPath: 'data/hub.db',
      allowPrivateCallbacks: false,
      lease: { minSeconds: 3600, maxSeconds: 2_592_000, defaultSeconds: 864_000 },
      retryDelaysMs: [60_000, 300_000],
      deliveryTimeoutMs: 10_000,
      deliveryConcurrency: 32,
      rateLimitPerMinute: 60,
      maxSubscriptionsPerHost: 100,
    });
  });

  it('reads every HUB_* variable', () => {
    const hub = readServerConfig({
      HUB_DB_PATH: '/var/lib/hub.db',
      HUB_ALLOW_PRIVATE_CALLBACKS: '1',
      HUB_LEASE_MIN_S: '1',
      HUB_LEASE_MAX_S: '10',
      HUB_LEASE_DEFAULT_S: '5',
      HUB_RETRY_DELAYS_MS: ' 100, 200 ,300',
      HUB_DELIVERY_TIMEOUT_MS: '1000',
      HUB_DELIVERY_CONCURRENCY: '4',
      HUB_RATE_LIMIT_PER_MIN: '0',
      HUB_MAX_SUBSCRIPTIONS_PER_HOST: '7',
    }).hub;
    expect(hub).toMatchObject({
      dbPath: '/var/lib/hub.db',
      allowPrivateCallbacks: true,
      lease: { minSeconds: 1, maxSeconds: 10, defaultSeconds: 5 },
      retryDelaysMs: [100, 200, 300],
      rateLimitPerMinute: 0,
      maxSubscriptionsPerHost: 7,
    });
  });

  it.each([
    [{ HUB_RETRY_DELAYS_MS: '1m,5m' }, 'HUB_RETRY_DELAYS_MS: a comma-separated list of milliseconds, e.g. 60000,300000'],
    [{ HUB_LEASE_DEFAULT_S: '10' }, 'HUB_LEASE_*: expected HUB_LEASE_MIN_S <= HUB_LEASE_DEFAULT_S <= HUB_LEASE_MAX_S'],
    [{ HUB_DELIVERY_CONCURRENCY: '0' }, 'HUB_DELIVERY_CONCURRENCY'],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => readServerConfig(env)).toThrow(ConfigError);
    expect(() => readServerConfig(env)).toThrow(message);
  });

  it('points npm run deploy at the local server unless told otherwise', () => {
    expect(readDeployConfig({ PORT: '8080' }).localHubUrl).toBe('http://127.0.0.1:8080/api/websub/hub');
    expect(readDeployConfig({ HOST: '::1' }).localHubUrl).toBe('http://[::1]:4321/api/websub/hub');
    expect(readDeployConfig({ DEPLOY_HUB_URL: 'https://reviews.example/api/websub/hub' }).hubUrl).toBe(
      'https://reviews.example/api/websub/hub',
    );
  });
});

describe('site URL', () => {
  it('is SITE_URL when set, without a trailing slash', () => {
    expect(readBuildConfig({ SITE_URL: 'https://reviews.example/', PORT: '4700' }).site).toBe('https://reviews.example');
  });

  it('follows the server the build is made for when SITE_URL is unset', () => {
    expect(readBuildConfig({}).site).toBe('http://localhost:4321');
    expect(readBuildConfig({ PORT: '4700' }).site).toBe('http://localhost:4700');
    expect(readBuildConfig({ HOST: '192.0.2.7', PORT: '80' }).site).toBe('http://192.0.2.7:80');
    expect(readBuildConfig({ HOST: '0.0.0.0', PORT: '4700' }).site).toBe('http://localhost:4700');
    expect(readBuildConfig({ HOST: '::1' }).site).toBe('http://[::1]:4321');
  });

  it('says what set it, so a build without any keeps the address the live build records', () => {
    expect(readBuildConfig({ SITE_URL: 'https://reviews.example', PORT: '4700' }).siteFrom).toBe('SITE_URL');
    expect(readBuildConfig({ PORT: '4700' }).siteFrom).toBe('HOST/PORT');
    expect(readBuildConfig({ HOST: '127.0.0.1' }).siteFrom).toBe('HOST/PORT');
    expect(readBuildConfig({}).siteFrom).toBe('default');
  });

  it('lets npm run deploy reach a server listening on every address through the loopback', () => {
    expect(readDeployConfig({ HOST: '0.0.0.0', PORT: '4700' }).localHubUrl).toBe('http://127.0.0.1:4700/api/websub/hub');
  });
});

describe("the build's today", () => {
  it('is unset (the clock in the business time zone) unless BUILD_TODAY pins it', () => {
    expect(readBuildConfig({}).today).toBeUndefined();
    expect(readBuildConfig({ BUILD_TODAY: '2026-11-27' }).today).toBe('2026-11-27');
    expect(() => readBuildConfig({ BUILD_TODAY: '2026-11-31' })).toThrow('BUILD_TODAY: must be a date written YYYY-MM-DD');
  });
});
