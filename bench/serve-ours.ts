import { parseArgs } from 'node:util';
import { readBuildSite } from '../functions/build-info.ts';
import { mcpRoutes } from '../functions/mcp/endpoint.ts';
import { startServer } from '../functions/server.ts';

// The real server for `npm run bench`, in its own process, with every endpoint `npm start` serves:
// `--dist <dir> [--port 0]`. Prints one JSON line with the URL once it listens.
const { values } = parseArgs({ options: { dist: { type: 'string' }, port: { type: 'string', default: '0' } } });
if (!values.dist) throw new Error('usage: node bench/serve-ours.ts --dist <dist dir> [--port <n>]');

const site = readBuildSite(values.dist);
const server = await startServer({
  host: '127.0.0.1',
  port: Number(values.port),
  distDir: values.dist,
  routes: (artifacts, listening) => mcpRoutes(artifacts, { site, sessionSecret: undefined, allowedOrigins: [], listening }),
});
console.log(JSON.stringify({ url: server.url, pid: process.pid }));
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
