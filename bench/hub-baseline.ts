/**
 * The yardstick for `bench/hub.ts`: a bare HTTPS POST loop with the same
 * concurrency, the same body and headers, to the same receivers, through a
 * plain undici Agent (no address check, no database, no signature). Runs in
 * its own process started with NODE_EXTRA_CA_CERTS, like the hub.
 * Messages: `{ warm: urls }` (GETs, as the hub's verifications warm its
 * connections) → `'warm'`; `{ post: { urls, body, headers, concurrency } }`
 * → `{ done: cpuSeconds }`.
 */
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';

interface Post {
  urls: string[];
  body: string;
  headers: Record<string, string>;
  concurrency: number;
}

/** Every name is 127.0.0.1: the bench's receivers answer under many host names (bench/hub.ts). */
const loopback: LookupFunction = (_host, options, callback) => {
  const all = (options as { all?: boolean }).all;
  if (all)
    (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

/** Made by the warm-up, with the concurrency of the run. */
let agent = new Agent();

async function loop(urls: string[], concurrency: number, send: (url: string) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < urls.length) await send(urls[next++] as string);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

process.on('message', (message: { warm?: { urls: string[]; concurrency: number }; post?: Post }) => {
  void (async () => {
    if (message.warm) {
      await agent.close();
      // The hub's Agent settings (functions/hub/safe-client.ts), without its connector; the receivers' names are loopback.
      agent = new Agent({ keepAliveTimeout: 4_000, connections: message.warm.concurrency, connect: { lookup: loopback } });
      await loop(message.warm.urls, message.warm.concurrency, async (url) => {
        const r = await request(`${url}?hub.challenge=x`, { dispatcher: agent });
        await r.body.dump();
      });
      process.send?.('warm');
    }
    if (message.post) {
      const { urls, body, headers, concurrency } = message.post;
      const before = process.cpuUsage();
      const bytes = Buffer.from(body);
      await loop(urls, concurrency, async (url) => {
        const r = await request(url, { dispatcher: agent, method: 'POST', headers, body: bytes, signal: AbortSignal.timeout(10_000) });
        await r.body.dump({ limit: 16 * 1024 });
      });
      const used = process.cpuUsage(before);
      process.send?.({ done: (used.user + used.system) / 1e6 });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
