import { registerHooks } from 'node:module';

/**
 * Which packages a read process has loaded (`node test/support/module-probe.ts <dist dir>`):
 * one JSON line once it listens, one once it has loaded what it loads after
 * listening, and one after its first MCP request.
 */
const resolved = new Set<string>();
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    const packageName = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(result.url)?.[1];
    if (packageName) resolved.add(packageName);
    return result;
  },
});
const loaded = () => [...resolved].sort();
// Imported after the hook is in place (static imports would be resolved before it).
const { readServerConfig } = await import('../../src/config.ts');
const { composeService } = await import('../../functions/process/service.ts');
const { postInitialize } = await import('./mcp-http.ts');
const service = await composeService(
  readServerConfig({ HOST: '127.0.0.1', PORT: '0', DIST_DIR: process.argv[2] as string, SERVICE_ROLE: 'read' }),
);
console.log(JSON.stringify({ serving: loaded() }));
await service.prepared;
console.log(JSON.stringify({ prepared: loaded() }));
const response = await postInitialize(service.url);
console.log(JSON.stringify({ status: response.status, afterMcp: loaded() }));
await service.close();
