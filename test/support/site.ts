import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readServerConfig } from '../../src/config.ts';
import { composeService } from '../../functions/process/service.ts';

/** The site the global setup builds for: absolute links in pages, feeds, sitemap and llms.txt start with it. */
export const BUILD_SITE = 'http://localhost:4321';

export interface RunningSite {
  url: string;
  /** An absolute URL of the build, moved onto the running server. */
  local(url: string): string;
  close(): Promise<void>;
}

/**
 * Everything `npm start` serves (pages, files, read API, MCP and the hub) for one test file, on a free
 * port of 127.0.0.1, with the hub's database in a temporary folder removed at close.
 */
export async function startSite(distDir: string): Promise<RunningSite> {
  const dataDir = await mkdtemp(join(tmpdir(), 'site-test-'));
  const service = await composeService(
    readServerConfig({ DIST_DIR: distDir, HOST: '127.0.0.1', PORT: '0', HUB_DB_PATH: join(dataDir, 'hub.db') }),
    { log: () => {} },
  );
  const { url } = service;
  return {
    url,
    local: (absolute) => (absolute.startsWith(BUILD_SITE) ? url + absolute.slice(BUILD_SITE.length) : absolute),
    async close() {
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every `href` and `src` of an HTML page, entities decoded. */
export function pageLinks(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));
}

export function decodeEntities(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e]!,
  );
}

/** The JSON-LD blocks of a page, parsed. */
export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
