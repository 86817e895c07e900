import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { RunningServer } from '../../functions/process/server.ts';
import { serve } from './server.ts';

export interface ServedWithClient {
  server: RunningServer;
  /** The official MCP client, connected to the server's /mcp. */
  client: Client;
  close(): Promise<void>;
}

/** The real server with MCP for one test file, and the official client connected to it. */
export async function serveWithMcpClient(distDir: string): Promise<ServedWithClient> {
  const server = await serve(distDir, {}, { mcp: {} });
  const client = new Client({ name: 'vitest', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  return {
    server,
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}
