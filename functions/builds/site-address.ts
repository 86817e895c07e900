import type { BuildConfig } from '../../src/config.ts';
import { readBuildInfo } from './build-info.ts';
import { runningServer } from './server-record.ts';

/**
 * The address `npm run build` and `npm run deploy` build for, so that they
 * agree with the server without the owner repeating it (docs/running.md, "One
 * site address"): `SITE_URL` (the environment, or `.env`, which every npm
 * command reads); else the address of the server serving this build folder
 * now (it records itself beside it); else `HOST`/`PORT`; else the address the
 * live build records in its `build.json`; else `http://localhost:4321`.
 */
export function siteAddress(config: BuildConfig, live: string): { site: string; from: string } {
  if (config.siteFrom === 'SITE_URL') return { site: config.site, from: 'SITE_URL' };
  const server = runningServer(live);
  if (server) return { site: server.site, from: `the server running at ${server.url}` };
  if (config.siteFrom === 'HOST/PORT') return { site: config.site, from: 'HOST and PORT' };
  try {
    return { site: readBuildInfo(live).site, from: `the address ${live}/build.json records` };
  } catch {
    return { site: config.site, from: 'the default (set SITE_URL in .env)' };
  }
}
