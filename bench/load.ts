import { createRequire } from 'node:module';

export interface LoadRequest {
  method: 'GET';
  path: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  errors: number;
  timeouts: number;
  /** status code → count */
  statuses: Record<string, number>;
  /** Server CPU time per answer, in microseconds, when known: steadier than req/s on a shared machine. */
  cpuMicrosPerRequest?: number | undefined;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  duration: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: Record<string, unknown>, done: (error: Error | null, result: AutocannonResult) => void) => unknown;

// autocannon ships CommonJS without types.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Drives `base` with `connections` keep-alive connections, each looping over `requests` in order. */
export function load(base: string, requests: readonly LoadRequest[], options: { connections: number; seconds: number }): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections: options.connections, duration: options.seconds, requests }, (error, result) => {
      if (error) return reject(error);
      const total = result.requests.total;
      resolve({
        // Over the load itself: `duration` also counts building every connection's requests, and the
        // per-second samples count a last partial second as a whole one.
        requestsPerSecond: total / options.seconds,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        total,
        errors: result.errors,
        timeouts: result.timeouts,
        statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
      });
    });
  });
}
