import { chmod, mkdir, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CAN_RESTRICT, HubProcess, hubFixture, TOPICS, type HubFixture } from '../../support/hub-service.ts';

/**
 * Issue 24, item 1: a hub database that cannot be opened, created, written or trusted takes only the hub down.
 * SQLite only: each case is a state of the hub's file or folder. A Postgres database's faults (unreachable,
 * restarting, read-only, slow, down at start) are postgres-faults.test.ts's, on a server of its own.
 */
describe('a hub database that cannot be used', () => {
  let fx: HubFixture;
  let hub: HubProcess | undefined;

  beforeAll(async () => {
    fx = await hubFixture();
  });
  afterEach(async () => {
    await hub?.stop();
    hub = undefined;
  });
  afterAll(async () => {
    await fx?.cleanUp();
  });

  /** `restricted`: bound by files' permissions as a service user is (root may otherwise write anywhere). */
  const start = (dbPath: string, restricted = false) =>
    HubProcess.start({ distDir: fx.distDir, dbPath, caFile: fx.pki.caFile, restricted });

  /** Pages, datasets, search and MCP answer; the hub answers 503 with a plain-text reason; one log line names HUB_DB_PATH. */
  async function expectOnlyTheHubDown(running: HubProcess, dbPath: string, what: RegExp): Promise<void> {
    expect((await fetch(`${running.url}/reviews.json`)).status).toBe(200);
    expect((await fetch(`${running.url}/feed.xml`)).status).toBe(200);
    expect((await fetch(`${running.url}/api/reviews/search?limit=5`)).status).toBe(200);
    expect((await fetch(`${running.url}/api/reviews/since/2000-01-01`)).status).toBe(200);
    const client = new Client({ name: 'vitest', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${running.url}/mcp`)));
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
    for (const form of [
      { 'hub.mode': 'publish' },
      { 'hub.mode': 'subscribe', 'hub.topic': TOPICS.atom, 'hub.callback': fx.callbacks.url('/x') },
    ]) {
      const answer = await running.post(form);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(answer.text).toMatch(
        /^The WebSub hub is unavailable: .+\. Try again in \d+ s; pages, datasets, search and MCP are not affected\.\n$/,
      );
      expect(answer.text).not.toContain(dbPath);
    }
    const lines = running.logs.filter((l) => l.startsWith('hub: unavailable:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`HUB_DB_PATH=${dbPath}`);
    expect(lines[0]).toMatch(what);
    expect(lines[0]).not.toContain('\n');
  }

  it.runIf(CAN_RESTRICT)('in a read-only folder', async () => {
    const folder = join(fx.dir, 'read-only');
    await mkdir(folder, { mode: 0o555 });
    await chmod(folder, 0o555);
    const dbPath = join(folder, 'hub.db');
    hub = await start(dbPath, true);
    await expectOnlyTheHubDown(hub, dbPath, /unable to open database file \(SQLITE_CANTOPEN\)/);
  });

  it('under a folder that cannot be created, failing at once instead of spinning', async () => {
    const dbPath = '/proc/nope/hub.db';
    const started = Date.now();
    hub = await start(dbPath);
    await expectOnlyTheHubDown(hub, dbPath, /cannot create the folder \/proc\/nope \(ENOENT\)/);
    // Node's recursive mkdir looped here at 100% CPU and never listened.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('that is a file of garbage', async () => {
    const dbPath = join(fx.dir, 'garbage.db');
    await writeFile(dbPath, Buffer.alloc(16_384, 'not a database '));
    hub = await start(dbPath);
    await expectOnlyTheHubDown(hub, dbPath, /file is not a database/);
  });

  it('with one page overwritten, found by the integrity check at start', async () => {
    const dbPath = join(fx.dir, 'damaged.db');
    const db = new Database(dbPath);
    db.exec('CREATE TABLE filler (x TEXT); CREATE INDEX filler_x ON filler (x)');
    const insert = db.prepare('INSERT INTO filler VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 2_000; i += 1) insert.run(`row ${i} ${'x'.repeat(40)}`);
    })();
    db.close();
    const file = await open(dbPath, 'r+');
    await file.write(Buffer.alloc(4_096, 0x5a), 0, 4_096, 3 * 4_096);
    await file.close();
    hub = await start(dbPath);
    await expectOnlyTheHubDown(hub, dbPath, /fails the integrity check/);
  });

  it.runIf(CAN_RESTRICT)('that opens but cannot be written', async () => {
    const folder = join(fx.dir, 'read-only-file');
    await mkdir(folder, { mode: 0o777 });
    await chmod(folder, 0o777);
    const dbPath = join(folder, 'hub.db');
    const db = new Database(dbPath);
    db.pragma('journal_mode = WAL');
    db.close();
    await chmod(dbPath, 0o444);
    hub = await start(dbPath, true);
    await expectOnlyTheHubDown(hub, dbPath, /readonly database \(SQLITE_READONLY\)/);
    await rm(folder, { recursive: true, force: true });
  });
});
