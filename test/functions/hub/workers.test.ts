import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFixture, ENGINES, type HubProcess, inspectStore, TOPICS, type HubFixture } from '../../support/hub-service.ts';

const PER_TOPIC = 12;
/** Few attempts at once per process and slow-ish acknowledgements, so both processes claim from the queue while the other does. */
const ENV = { HUB_DELIVERY_CONCURRENCY: '4' };

/**
 * docs/interface.md, "Running it": workers of one machine share the hub's SQLite file
 * (WAL, claims), and hub processes anywhere share its Postgres database
 * (claims under FOR UPDATE SKIP LOCKED), so any of them takes hub requests
 * and no notification goes out twice.
 */
describe.each(ENGINES)('two hub processes on one database (%s)', (engine) => {
  let fx: HubFixture;
  let hubs: HubProcess[] = [];

  beforeAll(async () => {
    fx = await engineFixture(engine);
    hubs = await Promise.all([fx.startHub({ env: ENV }), fx.startHub({ env: ENV })]);
  });
  afterAll(() => fx?.cleanUp());

  it('take subscriptions through either and deliver each change exactly once per subscriber while both work the queue', async () => {
    const [a, b] = hubs as [HubProcess, HubProcess];
    const paths: Record<string, string[]> = { [TOPICS.atom]: [], [TOPICS.reviews]: [] };
    for (const topic of Object.keys(paths)) {
      for (let i = 0; i < PER_TOPIC; i += 1) {
        const path = `/worker-${topic.endsWith('.xml') ? 'atom' : 'reviews'}-${i}`;
        const callback = fx.callbacks.url(path, (r) =>
          r.method === 'GET' ? { status: 200, body: r.query.get('hub.challenge') ?? '' } : { status: 204, delayMs: 20 },
        );
        // Subscribed through one process or the other: both serve the hub path.
        expect((await (i % 2 === 0 ? a : b).subscribe(topic, callback)).status).toBe(202);
        paths[topic]!.push(path);
      }
    }
    await expect
      .poll(() => inspectStore(fx.store, async (s) => (await s.subscriptionList()).length), { timeout: 15_000 })
      .toBe(2 * PER_TOPIC);

    const atom = join(fx.distDir, 'client/feed.xml');
    await writeFile(atom, `${await readFile(atom, 'utf8')}<!-- both workers -->\n`);
    const reviews = join(fx.distDir, 'client/reviews.json');
    await writeFile(reviews, JSON.stringify(JSON.parse(await readFile(reviews, 'utf8')), null, 2));
    const marks = [a.logs.length, b.logs.length] as const;
    // Each process publishes, at once: both find both changes, one records each, and both dispatchers claim from the one queue.
    const answers = await Promise.all([
      a.post({ 'hub.mode': 'publish', 'hub.url': TOPICS.atom }),
      b.post({ 'hub.mode': 'publish', 'hub.url': TOPICS.reviews }),
      a.post({ 'hub.mode': 'publish' }),
      b.post({ 'hub.mode': 'publish' }),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(202);

    await expect.poll(() => inspectStore(fx.store, async (s) => s.deliveryCount()), { timeout: 20_000, interval: 100 }).toBe(0);
    for (const path of [...paths[TOPICS.atom]!, ...paths[TOPICS.reviews]!]) expect(fx.callbacks.to(path, 'POST'), path).toHaveLength(1);
    for (const path of paths[TOPICS.atom]!) expect(fx.callbacks.to(path, 'POST')[0]!.body.equals(await readFile(atom)), path).toBe(true);
    for (const path of paths[TOPICS.reviews]!)
      expect(fx.callbacks.to(path, 'POST')[0]!.body.equals(await readFile(reviews)), path).toBe(true);
    // Each change was recorded once, by whichever process got there first.
    const published = [...a.logs.slice(marks[0]), ...b.logs.slice(marks[1])].filter((l) => l.startsWith('hub: published'));
    expect(published.filter((l) => l.includes(TOPICS.atom))).toHaveLength(1);
    expect(published.filter((l) => l.includes(TOPICS.reviews))).toHaveLength(1);
  });
});
