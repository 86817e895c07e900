import { z } from 'zod';

/**
 * The only place that reads the environment. Entry points (astro.config.mjs,
 * content.config.ts, functions/start.ts, bench) call these once and pass the
 * typed result down.
 */
type Env = Record<string, string | undefined>;

const flag = z
  .enum(['', '0', '1', 'true', 'false'])
  .default('')
  .transform((v) => v === '1' || v === 'true');

const port = z.coerce.number().int().min(0).max(65535);

const BuildConfigSchema = z.object({
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:4321'),
  CONTENT_DIR: z.string().min(1).default('content'),
});

export interface BuildConfig {
  /** Public base URL, no trailing slash. */
  site: string;
  contentDir: string;
}

export function readBuildConfig(env: Env): BuildConfig {
  const parsed = parseEnv(BuildConfigSchema, env);
  return { site: parsed.SITE_URL.replace(/\/+$/, ''), contentDir: parsed.CONTENT_DIR };
}

const ServerConfigSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(4321),
  DIST_DIR: z.string().min(1).default('dist'),
  HUB_DB_PATH: z.string().min(1).default('data/hub.db'),
  HUB_ALLOW_PRIVATE_CALLBACKS: flag,
  MCP_SESSION_SECRET: z.string().min(16).optional(),
  MCP_ALLOWED_ORIGINS: z.string().default(''),
});

export interface ServerConfig {
  host: string;
  port: number;
  /** Build output: `dist/client` holds the artifacts, `dist/build.json` the build's site URL. */
  distDir: string;
  hubDbPath: string;
  hubAllowPrivateCallbacks: boolean;
  mcpSessionSecret: string | undefined;
  mcpAllowedOrigins: string[];
}

export function readServerConfig(env: Env): ServerConfig {
  const parsed = parseEnv(ServerConfigSchema, env);
  return {
    host: parsed.HOST,
    port: parsed.PORT,
    distDir: parsed.DIST_DIR,
    hubDbPath: parsed.HUB_DB_PATH,
    hubAllowPrivateCallbacks: parsed.HUB_ALLOW_PRIVATE_CALLBACKS,
    mcpSessionSecret: parsed.MCP_SESSION_SECRET,
    mcpAllowedOrigins: parsed.MCP_ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseEnv<T extends z.ZodType>(schema: T, env: Env): z.infer<T> {
  // Empty variables count as unset, as in most shells' `VAR= cmd` idiom.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
