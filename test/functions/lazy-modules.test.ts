import { describe, expect, it } from 'vitest';
import { nodeFlags } from '../../functions/process/node-flags.ts';
import { SAMPLE_DIST } from '../support/paths.ts';
import { run } from '../support/run.ts';

/** What a read process loads, and when (docs/read-path.md, "Memory"). */
describe('a read process', () => {
  it('listens before it loads the MCP SDK, then loads it without waiting for a request; the hub client (undici) never', async () => {
    const result = await run(process.execPath, [...nodeFlags(), 'test/support/module-probe.ts', SAMPLE_DIST]);
    expect(result.code, result.stderr).toBe(0);
    const [serving, prepared, afterMcp] = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(serving.serving).toContain('zod');
    expect(serving.serving.filter((name: string) => name.startsWith('@modelcontextprotocol/') || name === 'undici')).toEqual([]);
    expect(prepared.prepared).toContain('@modelcontextprotocol/server');
    expect(prepared.prepared).not.toContain('undici');
    expect(afterMcp.status).toBe(200);
    expect(afterMcp.afterMcp).toContain('@modelcontextprotocol/server');
    expect(afterMcp.afterMcp).not.toContain('undici');
  });
});
