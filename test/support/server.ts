import type { HttpLimits } from '../../src/config.ts';
import { startServer, type RunningServer } from '../../functions/server.ts';

/** Starts the real server on a free port of 127.0.0.1 for one test file. */
export function serve(distDir: string, http: Partial<HttpLimits> = {}): Promise<RunningServer> {
  return startServer({ host: '127.0.0.1', port: 0, distDir, http });
}
