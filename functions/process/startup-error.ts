import { ConfigError } from '../../src/config.ts';
import { ArtifactsError } from '../builds/artifacts.ts';
import { BuildInfoError } from '../builds/build-info.ts';

/**
 * A start-up failure as one line that says what to change (docs/operations.md): the operator reads the variable's name, not a stack.
 */
export function describeStartupFailure(error: unknown, where: { host: string; port: number; distDir: string }): string {
  const address = `${where.host}:${where.port}`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (error instanceof ConfigError) return error.message;
  if (code === 'EADDRINUSE') return `cannot listen on ${address}: another process already uses it; set PORT (or HOST) to a free address`;
  if (code === 'EACCES' && (error as { syscall?: string }).syscall === 'listen')
    return `cannot listen on ${address}: permission denied (ports below 1024 need privileges); set PORT to 1024 or above`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `cannot listen on ${address}: this machine has no such address; set HOST to one of its addresses (127.0.0.1, 0.0.0.0)`;
  if (error instanceof ArtifactsError || error instanceof BuildInfoError)
    return `cannot serve the build in ${where.distDir}: ${error.message} (DIST_DIR names the build output)`;
  return `cannot start: ${error instanceof Error ? error.message : String(error)}`;
}
