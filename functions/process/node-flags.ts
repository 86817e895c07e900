import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The Node flags every server process runs with, from their one place:
 * package.json's `config.nodeFlags`, which `npm start` hands to node
 * (`$npm_package_config_nodeFlags`), and which the tests give the servers
 * they fork and the benchmarks the servers they start, so all three run the
 * same process. Why each flag: docs/read-path.md.
 */
export function nodeFlags(packageJson = join(ROOT, 'package.json')): string[] {
  const { config } = JSON.parse(readFileSync(packageJson, 'utf8')) as { config?: { nodeFlags?: string } };
  const flags = config?.nodeFlags;
  if (flags === undefined) throw new Error(`${packageJson} has no config.nodeFlags: the server's Node flags live there`);
  return flags.split(/\s+/).filter((flag) => flag !== '');
}

/**
 * The environment every server process starts with, from the same place
 * (package.json's `config.nodeEnv`, `NAME=value` pairs), which `npm start`
 * passes through `env`: `MALLOC_MMAP_THRESHOLD_` fixes glibc's threshold for
 * giving a block its own mapping, which glibc otherwise raises each time a
 * large block is freed (a build's load, an answer compressed for the first
 * time), after which freed memory stays in the process. Why: docs/read-path.md.
 */
export function nodeEnv(packageJson = join(ROOT, 'package.json')): Record<string, string> {
  const { config } = JSON.parse(readFileSync(packageJson, 'utf8')) as { config?: { nodeEnv?: string } };
  const pairs = (config?.nodeEnv ?? '').split(/\s+/).filter((pair) => pair !== '');
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}
