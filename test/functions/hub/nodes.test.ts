import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFixture, type HubProcess, inspectStore, TOPICS, type HubFixture } from '../../support/hub-service.ts';
import { runPostgres } from '../../support/run-postgres.ts';

const SUBSCRIBERS = 200;
/** Callback hosts (names resolving to 127.0.0.1), so the per-host share of slots does not serialise the fan-out. */
const HOSTS = Array.from({ length: 20 }, (_, i) => `n${i}.test`);

/**
 * Issue 33, items 2 and 5: three hub nodes, each with its own port and
 * build folder, on one Postgres database. Every node is told of the same
 * deploy (as each machine's `npm run deploy` tells its own hub); one is
 * killed with SIGKILL in the middle of the fan-out. Every subscriber gets
 * the change, and only those whose delivery the killed node held get it twice.
 */
describe('three hub nodes on one Postgres', () => {
  let fx: HubFixture;
  const nodes: HubProcess[] = [];

  beforeAll(async () => {
    fx = await engineFixture('postgres', { names: HOSTS });
    for (let i = 0; i < 3; i++) {
      const distDir = join(fx.dir, `dist-${i}`);
      await cp(fx.distDir, distDir, { recursive: true });
      nodes.push(
        await fx.startHub({
          distDir,
          // A node's claims run out 2 x 2 s + 1 s after it dies.
          env: { HUB_DELIVERY_TIMEOUT_MS: '2000' },
          hosts: Object.fromEntries(HOSTS.map((name) => [name, '127.0.0.1'])),
        }),
      );
    }
  }, 90_000);
  afterAll(() => fx?.cleanUp());

  it('share subscriptions; a node killed mid fan-out leaves its deliveries to the others; each subscriber gets the change once, but for the killed node’s in-flight ones', async () => {
    const callbacks: string[] = [];
    for (let i = 0; i < SUBSCRIBERS; i++) {
      // Acknowledged after 150 ms, so a fan-out has attempts in flight on every node when one is killed.
      const url = fx.callbacks.url(`/node/${i}`, (r) =>
        r.method === 'GET' ? { status: 200, body: r.query.get('hub.challenge') ?? '' } : { status: 204, delayMs: 150 },
      );
      callbacks.push(url.replace('127.0.0.1', HOSTS[i % HOSTS.length] as string));
    }
    // Subscriptions through every node.
    for (const [i, callback] of callbacks.entries()) expect((await nodes[i % 3]!.subscribe(TOPICS.atom, callback)).status).toBe(202);
    await expect
      .poll(() => inspectStore(fx.store, async (s) => (await s.subscriptionList()).length), { timeout: 30_000, interval: 200 })
      .toBe(SUBSCRIBERS);

    // The same deploy on every machine: each node's build changes, each is told.
    for (let i = 0; i < 3; i++) {
      const file = join(fx.dir, `dist-${i}`, 'client/feed.xml');
      await writeFile(file, `${await readFile(file, 'utf8')}<!-- deploy 2 -->\n`);
    }
    const answers = await Promise.all(nodes.map((node) => node.post({ 'hub.mode': 'publish' })));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    // One node recorded the change for every subscriber; the others found it recorded.
    expect(answers.filter((a) => a.text.includes(`is pushed to ${SUBSCRIBERS} subscribers`))).toHaveLength(1);
    expect(answers.filter((a) => a.text.includes('no topic changed'))).toHaveLength(2);

    const posts = () => fx.callbacks.received.filter((r) => r.method === 'POST' && r.path.startsWith('/node/'));
    await fx.callbacks.waitFor(() => posts().length >= 40, 'the fan-out to be under way');
    const victim = nodes[1]!;
    await victim.kill();
    // What the killed node held when it died: claimed, not yet recorded (sent or about to be).
    const { rows } = await runPostgres().sql(
      `SELECT s.callback FROM delivery d JOIN subscription s ON s.id = d.subscription_id WHERE d.claimed_by LIKE '%/${victim.pid}/%'`,
      new URL(fx.store.databaseUrl as string).pathname.slice(1),
    );
    const heldByVictim = new Set(rows.map((r: { callback: string }) => new URL(r.callback).pathname));

    await expect.poll(() => inspectStore(fx.store, (s) => s.deliveryCount()), { timeout: 30_000, interval: 200 }).toBe(0);
    const perPath = new Map<string, number>();
    for (const post of posts()) {
      expect(post.body.toString()).toContain('<!-- deploy 2 -->');
      perPath.set(post.path, (perPath.get(post.path) ?? 0) + 1);
    }
    expect(perPath.size).toBe(SUBSCRIBERS);
    const twice = [...perPath].filter(([, n]) => n > 1);
    for (const [path, n] of twice) {
      expect(n).toBe(2);
      expect(heldByVictim.has(path)).toBe(true);
    }
    // The kill came mid fan-out: the victim held some deliveries, and the others took them over.
    expect(heldByVictim.size).toBeGreaterThan(0);
  }, 120_000);
});
