/**
 * The real server in a child process of its own, so a test can load it from
 * another process and read its memory: `node test/support/server-process.ts
 * <distDir> [limits JSON]`. Sends `{ url }` on IPC once listening; answers
 * `'memory'` with `{ rss }` after a full garbage collection.
 */
import { serve } from './server.ts';

const [distDir, limits] = process.argv.slice(2);
const server = await serve(distDir as string, limits ? (JSON.parse(limits) as object) : {}, { log: () => {} });
process.send?.({ url: server.url });
process.on('message', (message) => {
  if (message !== 'memory') return;
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  process.send?.({ rss, heapUsed, heapTotal, external, arrayBuffers });
});
process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
