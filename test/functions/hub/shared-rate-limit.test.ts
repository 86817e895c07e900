import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFixture, TOPICS, type HubFixture, type HubProcess } from '../../support/hub-service.ts';

const LIMIT = 3;

/**
 * Issue 33, item 4: on Postgres the per-subscriber (callback host) rate
 * limit counts across nodes. Two nodes, a limit of 3 a minute: requests for
 * one callback host alternated between them pass 3 times in all, not 3 per
 * node (each node alone has seen only 2 when the 4th is refused).
 */
describe('the rate limit per callback host, across hub nodes on one Postgres', () => {
  let fx: HubFixture;
  const nodes: HubProcess[] = [];

  beforeAll(async () => {
    fx = await engineFixture('postgres');
    for (let i = 0; i < 2; i++) nodes.push(await fx.startHub({ env: { HUB_RATE_LIMIT_PER_MIN: String(LIMIT) } }));
  }, 60_000);
  afterAll(() => fx?.cleanUp());

  it('refuses the 4th request for one host with 429 and Retry-After, whichever node takes it', async () => {
    // All four in one window: a start in a minute's last seconds waits for the next minute.
    const second = new Date().getSeconds();
    if (second > 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const answer = await nodes[i % 2]!.subscribe(TOPICS.atom, fx.callbacks.url(`/limited/${i}`));
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.text).toMatch(/^Too many hub requests for this callback host; try again in \d+ s\.\n$/);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  }, 60_000);
});
