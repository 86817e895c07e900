import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeService, type Service } from '../../functions/process/service.ts';
import { readServerConfig } from '../../src/config.ts';
import { FIXTURE_DIST } from '../support/paths.ts';
import { postInitialize } from '../support/mcp-http.ts';

const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });

describe('composeService', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'service-'));
    await cp(FIXTURE_DIST, join(dir, 'dist'), { recursive: true });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const compose = (env: Record<string, string>): Promise<Service> =>
    composeService(readServerConfig({ HOST: '127.0.0.1', PORT: '0', DIST_DIR: join(dir, 'dist'), ...env }), { log: () => {} });

  describe('with SERVICE_ROLE=read', () => {
    let service: Service;
    beforeAll(async () => (service = await compose({ SERVICE_ROLE: 'read' })));
    afterAll(() => service.close());

    it('serves the read API and MCP but answers the hub path 503 with a reason naming the role', async () => {
      expect(service.hub).toBeUndefined();
      expect((await fetch(`${service.url}/reviews.json`)).status).toBe(200);
      const hub = await fetch(`${service.url}/api/websub/hub`, form({ 'hub.mode': 'publish' }));
      expect(hub.status).toBe(503);
      expect(hub.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await hub.text()).toMatch(/SERVICE_ROLE=read.*hub/s);
      const mcp = await postInitialize(service.url);
      expect(mcp.status).toBe(200);
    });

    it('reloads the build without a hub', async () => {
      const file = join(dir, 'dist/client/reviews.json');
      const original = await readFile(file, 'utf8');
      const before = await (await fetch(`${service.url}/reviews.json`)).text();
      await writeFile(file, original.replace('"rating":5', '"rating":4'));
      try {
        const result = await service.reload();
        expect(result).toEqual({ build: { ok: true } });
        const after = await (await fetch(`${service.url}/reviews.json`)).text();
        expect(after).not.toBe(before);
        expect(after).toBe(await readFile(file, 'utf8'));
      } finally {
        await writeFile(file, original);
        await service.reload();
      }
    });
  });

  describe('with SERVICE_ROLE=all', () => {
    let service: Service;
    beforeAll(async () => (service = await compose({ HUB_DB_PATH: join(dir, 'hub.db'), HUB_RATE_LIMIT_PER_MIN: '0' })));
    afterAll(() => service.close());

    it('reloads the build before the hub publishes, and a broken build publishes nothing', async () => {
      const feed = join(dir, 'dist/client/feed.xml');
      const original = await readFile(feed, 'utf8');
      await writeFile(feed, `${original}<!-- changed -->`);
      const changed = await service.reload();
      expect(changed.build.ok).toBe(true);
      expect(changed.publish?.changed.map((c) => c.topic)).toEqual(['http://localhost:4321/feed.xml']);
      expect(await (await fetch(`${service.url}/feed.xml`)).text()).toBe(`${original}<!-- changed -->`);

      const reviews = join(dir, 'dist/client/reviews.json');
      const good = await readFile(reviews, 'utf8');
      await writeFile(reviews, '{ broken');
      await writeFile(feed, original);
      try {
        const broken = await service.reload();
        expect(broken.build.ok).toBe(false);
        // The last good snapshot stays, so its topics are unchanged and nothing is pushed.
        expect(broken.publish?.changed).toEqual([]);
        expect(await (await fetch(`${service.url}/reviews.json`)).text()).toBe(good);
      } finally {
        await writeFile(reviews, good);
      }
    });

    it('a publish request reloads the build, then publishes (the hub does not reload it itself)', async () => {
      const feed = join(dir, 'dist/client/feed.xml');
      const text = `${await readFile(feed, 'utf8')}<!-- by request -->`;
      await writeFile(feed, text);
      const answer = await fetch(`${service.url}/api/websub/hub`, form({ 'hub.mode': 'publish' }));
      expect(answer.status).toBe(202);
      await expect.poll(async () => (await fetch(`${service.url}/feed.xml`)).text(), { timeout: 10_000 }).toBe(text);
      await expect
        .poll(async () => (await service.hub?.store?.topicGet('http://localhost:4321/feed.xml'))?.body.toString(), { timeout: 10_000 })
        .toBe(text);
    });
  });
});
