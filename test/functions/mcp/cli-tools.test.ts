import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../functions/process/server.ts';
import { ROOT, SAMPLE_DIST } from '../../support/paths.ts';
import { serve } from '../../support/server.ts';

const CONFORMANCE = resolve(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const INSPECTOR = resolve(ROOT, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
const EXPECTED_FAILURES = resolve(import.meta.dirname, 'conformance-expected-failures.yml');

let server: RunningServer;
let workDir: string;
beforeAll(async () => {
  server = await serve(SAMPLE_DIST, {}, { mcp: {} });
  // The suite writes its results under the working folder: a temporary one, never the project.
  workDir = await mkdtemp(join(tmpdir(), 'mcp-cli-'));
});
afterAll(async () => {
  await server.close();
  await rm(workDir, { recursive: true, force: true });
});

/** Runs a Node CLI of the official MCP tooling on the pinned Node, bounded in time. */
function cli(script: string, args: string[], timeoutMs: number): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: workDir, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('the official MCP tooling against the real server', () => {
  it(
    'passes the conformance suite, but for the scenarios that need its fixtures or server-to-client streams',
    { timeout: 120_000 },
    async () => {
      const run = await cli(CONFORMANCE, ['server', '--url', `${server.url}/mcp`, '--expected-failures', EXPECTED_FAILURES], 110_000);
      const summary = run.stdout.slice(run.stdout.lastIndexOf('=== SUMMARY ==='));
      expect(run.code, `${summary}\n${run.stderr}`).toBe(0);
      for (const scenario of [
        'server-initialize',
        'ping',
        'tools-list',
        'resources-list',
        'prompts-list',
        'dns-rebinding-protection',
        'server-sse-multiple-streams',
      ]) {
        expect(summary).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
      }
    },
  );

  it('the Inspector CLI lists the tools with --strict', { timeout: 60_000 }, async () => {
    const run = await cli(INSPECTOR, ['--cli', `${server.url}/mcp`, '--method', 'tools/list', '--strict'], 50_000);
    expect(run.code, run.stderr).toBe(0);
    // Strict mode prints a warning per schema it finds less portable (a `type` list for a nullable field, ...): none.
    expect(run.stderr).not.toMatch(/warning/i);
    const { tools } = JSON.parse(run.stdout) as { tools: { name: string }[] };
    expect(tools).toHaveLength(10);
  });

  it('the Inspector CLI calls search_reviews', { timeout: 60_000 }, async () => {
    const args = [
      '--cli',
      `${server.url}/mcp`,
      '--method',
      'tools/call',
      '--tool-name',
      'search_reviews',
      '--tool-arg',
      'rating=1',
      '--tool-arg',
      'limit=2',
    ];
    const run = await cli(INSPECTOR, args, 50_000);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { structuredContent: { returned: number; reviews: { rating: number }[] } };
    expect(result.structuredContent.returned).toBe(2);
    expect(result.structuredContent.reviews.map((r) => r.rating)).toEqual([1, 1]);
  });
});
