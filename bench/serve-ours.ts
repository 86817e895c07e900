import { parseArgs } from 'node:util';
import { readServerConfig } from '../src/config.ts';
import { composeService } from '../functions/process/service.ts';

// The real server for `npm run bench`, in its own process, with every endpoint `npm start` serves
// but the hub (SERVICE_ROLE=read, the composition of npm start): `--dist <dir> [--port 0]`.
// Prints one JSON line with the URL once it listens.
const { values } = parseArgs({ options: { dist: { type: 'string' }, port: { type: 'string', default: '0' } } });
if (!values.dist) throw new Error('usage: node bench/serve-ours.ts --dist <dist dir> [--port <n>]');

const service = await composeService(
  readServerConfig({ HOST: '127.0.0.1', PORT: values.port, DIST_DIR: values.dist, SERVICE_ROLE: 'read' }),
);
console.log(JSON.stringify({ url: service.url, pid: process.pid }));
process.once('SIGTERM', () => void service.close().then(() => process.exit(0)));
