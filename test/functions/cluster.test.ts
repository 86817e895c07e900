import { request as httpRequest } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, FAST_HUB_ENV, hubFixture, inspectStore, TOPICS, type HubFixture } from '../support/hub-service.ts';
import { initializeRequest, MCP_POST_HEADERS } from '../support/mcp-http.ts';
import { ServiceProcess } from '../support/service-process.ts';

const MCP_HEADERS = { ...MCP_POST_HEADERS };
const INITIALIZE = JSON.stringify(initializeRequest());

/** One keep-alive connection, so every request on it reaches the same worker. */
async function call(client: Client, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const answer = await client.request({ method: method as 'GET', path, headers, ...(body === undefined ? {} : { body }) });
  return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A GET on a connection of its own (no keep-alive): the primary hands each new connection to the next worker. */
function freshGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

describe('WEB_CONCURRENCY=2: two workers on one port', () => {
  let fixture: HubFixture;
  let service: ServiceProcess;
  /** A connection to each worker, told apart by the feed each serves (only one reloaded it). */
  let a: Client;
  let b: Client;
  let feed: string;
  let feedEtag: { old: string; changed: string };

  beforeAll(async () => {
    fixture = await hubFixture();
    service = await ServiceProcess.start({
      ...FAST_HUB_ENV,
      WEB_CONCURRENCY: '2',
      DIST_DIR: fixture.distDir,
      HUB_DB_PATH: fixture.dbPath,
      NODE_EXTRA_CA_CERTS: fixture.pki.caFile,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '60000',
    });
    await eventually(() => service.workers().length === 2, 'two workers');

    // Worker one alone reloads a changed feed (SIGHUP to a worker reloads only that worker): the feed's ETag then says which worker a connection reached.
    feed = join(fixture.distDir, 'client/feed.xml');
    const original = await readFile(feed, 'utf8');
    const probe = new Client(service.url);
    const old = (await call(probe, 'GET', '/feed.xml')).headers.etag as string;
    await probe.close();
    await writeFile(feed, `${original}<!-- worker one -->`);
    const [one] = service.workers();
    process.kill(one as number, 'SIGHUP');
    await service.waitForLine(new RegExp(`^worker ${one}: SIGHUP, reloaded`));
    const found: { changed?: Client; old?: Client } = {};
    let changed = '';
    for (let i = 0; i < 40 && !(found.changed && found.old); i += 1) {
      const client = new Client(service.url, { keepAliveTimeout: 60_000 });
      const etag = (await call(client, 'GET', '/feed.xml')).headers.etag as string;
      const side = etag === old ? 'old' : 'changed';
      if (side === 'changed') changed = etag;
      if (found[side]) await client.close();
      else found[side] = client;
    }
    if (!found.changed || !found.old) throw new Error('could not reach both workers in 40 connections');
    a = found.changed;
    b = found.old;
    feedEtag = { old, changed };
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await service?.stop();
    await fixture?.cleanUp();
  });

  it('serves every endpoint from both workers', async () => {
    const paths = [
      '/reviews.json',
      '/insights.json',
      '/api/feed.json',
      '/feed.xml',
      '/.well-known/openapi.json',
      '/api/reviews/search?min_rating=3.5',
      '/api/reviews/since/2000-01-01',
    ];
    for (const client of [a, b]) {
      for (const path of paths) expect((await call(client, 'GET', path)).status, path).toBe(200);
      expect((await call(client, 'POST', '/mcp', INITIALIZE, MCP_HEADERS)).status).toBe(200);
      // The hub answers on both: its own 400 for a request it cannot take (a publish would reload both workers).
      const hub = await call(client, 'POST', '/api/websub/hub', form({ 'hub.mode': 'bogus' }), FORM);
      expect(hub.status).toBe(400);
      expect(hub.text).toMatch(/hub\.mode/);
    }
    expect((await call(a, 'GET', '/feed.xml')).headers.etag).toBe(feedEtag.changed);
    expect((await call(b, 'GET', '/feed.xml')).headers.etag).toBe(feedEtag.old);
  });

  it('accepts on one worker an MCP session made on the other', async () => {
    const made = await call(a, 'POST', '/mcp', INITIALIZE, MCP_HEADERS);
    const session = made.headers['mcp-session-id'] as string;
    expect(session).toBeTruthy();
    const headers = { ...MCP_HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    const initialized = await call(b, 'POST', '/mcp', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), headers);
    expect(initialized.status).toBe(202);
    const listed = await call(b, 'POST', '/mcp', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), headers);
    expect(listed.status).toBe(200);
    expect(listed.text).toContain('search_reviews');
  });

  it('subscribes through one worker and publishes through the other: every worker reloads first, and each subscriber gets exactly one push', async () => {
    const arrivals: { at: number; seen: Promise<string[]> }[] = [];
    const pushed = (path: string) =>
      fixture.callbacks.url(path, (r) => {
        if (r.method === 'GET') return { status: 200, body: r.query.get('hub.challenge') ?? '' };
        // At the moment the push arrives, ask both workers which feed they serve.
        arrivals.push({
          at: Date.now(),
          seen: Promise.all([call(a, 'GET', '/feed.xml'), call(b, 'GET', '/feed.xml')]).then((answers) => answers.map((x) => x.text)),
        });
        return { status: 204 };
      });
    const callbacks = [pushed('/one'), pushed('/two')];
    for (const callback of callbacks) {
      const answer = await call(
        a,
        'POST',
        '/api/websub/hub',
        form({ 'hub.mode': 'subscribe', 'hub.topic': TOPICS.atom, 'hub.callback': callback }),
        FORM,
      );
      expect(answer.status).toBe(202);
    }
    await expect.poll(() => inspectStore(fixture.dbPath, async (s) => (await s.subscriptionList()).length), { timeout: 10_000 }).toBe(2);

    const newest = `${await readFile(feed, 'utf8')}<!-- deployed -->`;
    await writeFile(feed, newest);
    const publishedAt = Date.now();
    expect((await call(b, 'POST', '/api/websub/hub', form({ 'hub.mode': 'publish' }), FORM)).status).toBe(202);
    await fixture.callbacks.waitFor((all) => all.filter((r) => r.method === 'POST').length >= 2, 'two pushes', 15_000);
    // Room for a duplicate to show up, were one sent (the other worker's dispatcher claims from the same database).
    await new Promise((r) => setTimeout(r, 1_500));

    expect(fixture.callbacks.to('/one', 'POST')).toHaveLength(1);
    expect(fixture.callbacks.to('/two', 'POST')).toHaveLength(1);
    expect(fixture.callbacks.to('/one', 'POST')[0]?.body.toString()).toBe(newest);
    for (const arrival of arrivals) expect(await arrival.seen).toEqual([newest, newest]);
    // Both workers said they reloaded before the first push arrived.
    const firstPush = Math.min(...arrivals.map((x) => x.at));
    for (const pid of service.workers()) {
      const reloaded = await service.waitForLine(new RegExp(`^worker ${pid}: reloaded the build`), 1_000, publishedAt);
      expect(reloaded.at).toBeLessThanOrEqual(firstPush);
    }
  });

  it('loses no request to a worker killed with SIGKILL beyond those in flight on it, and the primary starts another', async () => {
    const before = service.workers();
    const victim = before[0] as number;
    const results = { ok: 0, failed: 0 };
    const concurrency = 4;
    const until = Date.now() + 2_500;
    const loop = async (): Promise<void> => {
      for (let i = 0; i < 2_000 && Date.now() < until; i += 1) {
        const status = await freshGet(`${service.url}/api/reviews/search?min_rating=3.5`).catch(() => 0);
        if (status === 200) results.ok += 1;
        else results.failed += 1;
      }
    };
    const loops = Array.from({ length: concurrency }, loop);
    await new Promise((r) => setTimeout(r, 800));
    process.kill(victim, 'SIGKILL');
    await Promise.all(loops);
    expect(results.ok).toBeGreaterThan(20);
    // At most one request per client can have been on the killed worker when it died.
    expect(results.failed).toBeLessThanOrEqual(concurrency);
    await service.waitForLine(new RegExp(`^worker ${victim} died \\(SIGKILL\\); starting another`));
    await expect.poll(() => service.workers().length, { timeout: 15_000 }).toBe(2);
    expect(service.workers()).not.toContain(victim);
    for (let i = 0; i < 6; i += 1) expect(await freshGet(`${service.url}/reviews.json`)).toBe(200);
  });
});
