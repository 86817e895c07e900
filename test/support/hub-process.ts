/**
 * The real service (HTTP server and hub) in a child process of its own, so
 * it starts with NODE_EXTRA_CA_CERTS (read only at process start) and can be
 * killed with SIGKILL: `node test/support/hub-process.ts [hosts JSON]`.
 * Configuration comes from the environment, read by src/config.ts as in
 * `npm start`. `hosts` maps names to addresses for the connect-time check
 * (a stand-in for DNS). Sends `{ listening }` once the server listens,
 * `{ url }` once the hub has opened its database and run its start-up
 * publish (or given up), and `{ log }` for each hub log line; a disconnect
 * closes it gracefully.
 */
import { readServerConfig } from '../../src/config.ts';
import { composeService } from '../../functions/process/service.ts';

const hosts = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const service = await composeService(readServerConfig(process.env), {
  log: (message) => (process.connected ? process.send?.({ log: message }) : undefined),
  resolve: async (hostname) =>
    hosts[hostname]
      ? [{ address: hosts[hostname] }]
      : (await import('node:dns/promises')).lookup(hostname, { all: true, order: 'ipv4first' }),
});
// Listened for before the hub's start is awaited: a test that needed only the listening server may let go while
// the hub still opens its database (a migration on Postgres), and a disconnect missed then left the process to
// HubProcess.stop's SIGKILL, 10 s later.
process.on('disconnect', () => void service.close().finally(() => process.exit(0)));
process.send?.({ listening: service.url });
// The start the service began once it listened (start() hands back the same run).
await service.hub?.start();
if (process.connected) process.send?.({ url: service.url });
