/**
 * The real service (server and hub) for `bench/hub.ts`, in its own process
 * started with NODE_EXTRA_CA_CERTS; configured from the environment like
 * `npm start`. Prints one JSON line with its URL once it listens.
 */
import { readServerConfig } from '../src/config.ts';
import { composeService } from '../functions/process/service.ts';

const service = await composeService(readServerConfig(process.env), { log: () => {} });
console.log(JSON.stringify({ url: service.url, pid: process.pid }));
process.once('SIGTERM', () => void service.close().then(() => process.exit(0)));
