import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../src/lib/endpoints.ts';
import { freePort } from '../support/free-port.ts';
import { postInitialize } from '../support/mcp-http.ts';
import { ROOT } from '../support/paths.ts';
import { decoded, rawRequest } from '../support/raw-http.ts';

function withoutVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV'));
}

/** `astro dev` serves the service's endpoints through the app `npm start` serves: same router, same errors, MCP and the hub. */
let dev: ChildProcess;
let base: string;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dev-server-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dev = spawn(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'dev', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: ROOT,
    // Without vitest's variables: Astro's dev server takes them as running inside vitest and serves no pages.
    env: {
      ...withoutVitest(process.env),
      ASTRO_TELEMETRY_DISABLED: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      HUB_DB_PATH: join(dir, 'hub.db'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`astro dev did not start:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`127.0.0.1:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    dev.stdout?.on('data', read);
    dev.stderr?.on('data', read);
  });
}, 150_000);
afterAll(async () => {
  if (dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    dev.kill('SIGTERM');
    await exited;
  }
  await rm(dir, { recursive: true, force: true });
});

describe('astro dev', () => {
  it('answers search and since from the content, since compressed from its first request', async () => {
    const search = await fetch(`${base}${PATHS.search}?min_rating=4&limit=2`);
    expect(search.status).toBe(200);
    expect(((await search.json()) as { returned: number }).returned).toBe(2);
    const since = await rawRequest(`${base}/api/reviews/since/2023-01-01`, { headers: { 'accept-encoding': 'br' } });
    expect(since.status).toBe(200);
    expect(since.headers['content-encoding']).toBe('br');
    const body = JSON.parse(decoded(since).toString('utf8')) as { since: string; count: number };
    expect(body.since).toBe('2023-01-01');
    expect(body.count).toBeGreaterThan(0);
  }, 120_000);

  it('gives the same errors as npm start: JSON with the issues, naming the date format', async () => {
    const response = await fetch(`${base}/api/reviews/since/2025-13-01`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { error: string; issues: { message: string }[] };
    expect(body.error).toBe('invalid_request');
    expect(body.issues[0]?.message).toContain('YYYY-MM-DD');
  });

  it('serves MCP and the hub', async () => {
    const initialize = await postInitialize(base);
    expect(initialize.status).toBe(200);
    expect(initialize.headers.get('mcp-session-id')).toMatch(/^v1\./);
    const hub = await fetch(`${base}${PATHS.hub}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'hub.mode=subscribe',
    });
    // The hub's own refusal (plain text naming what is missing), not Astro's 404 page.
    expect(hub.status).toBe(400);
    expect(await hub.text()).toContain('hub.callback is missing');
  });

  it('leaves the pages to Astro', async () => {
    const home = await fetch(`${base}/`);
    const page = await home.text();
    expect(home.status, page.slice(0, 2000)).toBe(200);
    expect(page).toContain('<html');
  });
});
