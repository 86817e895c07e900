import { McpServer } from '@modelcontextprotocol/server';
import type { McpDeps } from './deps.ts';
import { ICON } from './icon.ts';
import { INSTRUCTIONS } from './instructions.ts';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './resources.ts';
import { registerTools } from './tools/index.ts';

export const SERVER_NAME = 'verified-reviews';
export const SERVER_VERSION = '1.0.0';

/**
 * The MCP server: tools, resources, prompts and completions over the current
 * snapshot of the build. Built once per process (see route.ts); the
 * benchmark's per-request pattern builds it per request from this same factory.
 *
 * `listChanged: false` everywhere: the lists are fixed in code; a new build
 * changes the data the tools answer from, never which tools there are.
 */
export function createMcpServer(deps: McpDeps): McpServer {
  const server = new McpServer(
    {
      name: SERVER_NAME,
      title: 'Verified Reviews',
      version: SERVER_VERSION,
      description: "Read-only tools over one business's verified customer reviews and their sentiment analysis.",
      websiteUrl: deps.site,
      icons: [ICON],
    },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false }, completions: {} },
      instructions: INSTRUCTIONS,
    },
  );
  registerTools(server, deps);
  registerResources(server, deps);
  registerPrompts(server, deps);
  return server;
}
