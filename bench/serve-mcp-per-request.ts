import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localhostHostValidation, localhostOriginValidation, NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { ArtifactsHolder } from '../functions/builds/artifacts.ts';
import { readBuildInfo } from '../functions/builds/build-info.ts';
import { createMcpServer } from '../functions/mcp/server-factory.ts';

/**
 * The comparison for bench/mcp.ts: the SDK's documented stateless pattern
 * (the README of @modelcontextprotocol/node, "Node.js http server"), serving
 * the same tools from the same factory: a new server and a new transport for
 * every request, with the Host and Origin guards the README puts in front,
 * JSON answers (`enableJsonResponse`) as ours send. `--dist <dir> [--port 0]`.
 */
const { values } = parseArgs({ options: { dist: { type: 'string' }, port: { type: 'string', default: '0' } } });
if (!values.dist) throw new Error('usage: node bench/serve-mcp-per-request.ts --dist <dist dir> [--port <n>]');

const deps = { artifacts: await ArtifactsHolder.open(join(values.dist, 'client')), site: readBuildInfo(values.dist).site };
const validateHost = localhostHostValidation();
const validateOrigin = localhostOriginValidation();

const server = createServer({ keepAliveTimeout: 5_000 }, async (req, res) => {
  if (!validateHost(req, res) || !validateOrigin(req, res)) return;
  const mcp = createMcpServer(deps);
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => void mcp.close());
  await mcp.connect(transport);
  await transport.handleRequest(req, res);
});
server.listen(Number(values.port), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: process.pid }));
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
