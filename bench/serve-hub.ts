/**
 * The real service (server and hub) for `bench/hub.ts`, in its own process
 * started with NODE_EXTRA_CA_CERTS; configured from the environment like
 * `npm start`. Prints one JSON line with its URL once the hub has opened its
 * database and run its start-up publish. `[hosts JSON]`: names the hub's
 * connect-time check resolves to the given address (the receivers' names).
 */
import { lookup } from 'node:dns/promises';
import { readServerConfig } from '../src/config.ts';
import { composeService } from '../functions/process/service.ts';

const hosts = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const service = await composeService(readServerConfig(process.env), {
  log: () => {},
  resolve: async (hostname) => (hosts[hostname] ? [{ address: hosts[hostname] }] : lookup(hostname, { all: true, order: 'ipv4first' })),
});
await service.hub?.start();
console.log(JSON.stringify({ url: service.url, pid: process.pid }));
process.once('SIGTERM', () => void service.close().then(() => process.exit(0)));
