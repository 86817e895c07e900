import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv as parseDotenv } from 'node:util';
import { z } from 'zod';
import { PATHS } from './lib/endpoints.ts';
import type { LeasePolicy } from './lib/hub/lease.ts';

/**
 * The only place that reads the environment. Entry points (astro.config.mjs,
 * content.config.ts, functions/process/start.ts, bench) call these once and pass the
 * typed result down.
 */
type Env = Record<string, string | undefined>;

/** The project's `.env`: where the owner sets the site address (and anything else) once. */
export const ENV_FILE = resolve(import.meta.dirname, '..', '.env');

/**
 * The environment with the project's `.env` under it: a variable set in the
 * shell wins over the file's. Every entry point (npm start, build, deploy,
 * import, astro.config.mjs) reads its configuration through this, so the
 * site address and the port are set in one place (docs/configuration.md).
 * No file is no variables; a file that cannot be read is a configuration error.
 */
export function withEnvFile(env: Env, path: string = ENV_FILE): Env {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return env;
    throw new ConfigError(`Invalid configuration:\n  ${path}: cannot be read (${(error as Error).message})`);
  }
  return { ...parseDotenv(text), ...env };
}

const flag = z
  .enum(['', '0', '1', 'true', 'false'])
  .default('')
  .transform((v) => v === '1' || v === 'true');

const port = z.coerce.number().int().min(0).max(65535);

const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_PORT = 4321;

const BuildConfigSchema = z.object({
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  HOST: z.string().min(1).optional(),
  PORT: port.optional(),
  CONTENT_DIR: z.string().min(1).default('content'),
  BUILD_CACHE_DIR: z.string().min(1).optional(),
  BUILD_TODAY: z.iso.date('must be a date written YYYY-MM-DD').optional(),
});

export interface BuildConfig {
  /** Public base URL, no trailing slash: `SITE_URL`, else the server at `HOST`:`PORT` the build is made for. */
  site: string;
  /**
   * What set `site`: `SITE_URL`, `HOST`/`PORT`, or nothing (the default
   * `http://localhost:4321`), when `npm run build` and `npm run deploy` keep the
   * address the live build records instead (functions/builds/site-address.ts).
   */
  siteFrom: 'SITE_URL' | 'HOST/PORT' | 'default';
  contentDir: string;
  /** Astro's cache (its content-layer store); unset = Astro's default. Two builds at once need two. */
  cacheDir: string | undefined;
  /** "Today" for the date checks, `YYYY-MM-DD`; unset = the clock's date in the business's time zone (tests pin it). */
  today: string | undefined;
}

export function readBuildConfig(env: Env): BuildConfig {
  const parsed = parseEnv(BuildConfigSchema, env);
  return {
    site: (parsed.SITE_URL ?? localSiteUrl(parsed.HOST, parsed.PORT ?? DEFAULT_PORT)).replace(/\/+$/, ''),
    siteFrom: parsed.SITE_URL ? 'SITE_URL' : parsed.HOST !== undefined || parsed.PORT !== undefined ? 'HOST/PORT' : 'default',
    contentDir: parsed.CONTENT_DIR,
    cacheDir: parsed.BUILD_CACHE_DIR,
    today: parsed.BUILD_TODAY,
  };
}

/**
 * The base URL of the server at HOST:PORT, for builds made without SITE_URL.
 * An unset or wildcard HOST (the server listens everywhere) is linked as
 * `localhost`, the name a browser on the same machine uses.
 */
export function localSiteUrl(host: string | undefined, port: number): string {
  const name = host === undefined || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

const count = z.coerce.number().int().min(1);
const millis = z.coerce.number().int().min(1);

const ServerConfigSchema = z.object({
  HOST: z.string().min(1).default(DEFAULT_HOST),
  PORT: port.default(DEFAULT_PORT),
  DIST_DIR: z.string().min(1).default('dist'),
  HTTP_MAX_CONNECTIONS: count.default(4096),
  HTTP_HEADERS_TIMEOUT_MS: millis.default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: millis.default(30_000),
  HTTP_IDLE_TIMEOUT_MS: millis.default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: millis.default(5_000),
  HTTP_MAX_UNSENT_BYTES: count.default(1024 * 1024),
  HTTP_MAX_QUEUED_REQUESTS: count.default(256),
  HTTP_MAX_UNSENT_BYTES_TOTAL: count.default(64 * 1024 * 1024),
  HTTP_MAX_QUEUED_REQUESTS_TOTAL: count.default(16 * 1024),
  HUB_DB_PATH: z.string().min(1).default('data/hub.db'),
  HUB_DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'a postgres:// or postgresql:// URL (unset: the SQLite file at HUB_DB_PATH)' })
    .optional(),
  HUB_ALLOW_PRIVATE_CALLBACKS: flag,
  HUB_LEASE_MIN_S: count.default(3_600),
  HUB_LEASE_MAX_S: count.default(2_592_000),
  HUB_LEASE_DEFAULT_S: count.default(864_000),
  HUB_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\s*\d+\s*(,\s*\d+\s*)*$/, 'a comma-separated list of milliseconds, e.g. 60000,300000')
    .default('60000,300000'),
  HUB_DELIVERY_TIMEOUT_MS: millis.default(10_000),
  HUB_DELIVERY_CONCURRENCY: count.default(32),
  HUB_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(0).default(60),
  HUB_MAX_SUBSCRIPTIONS_PER_HOST: count.default(100),
  MCP_SESSION_SECRET: z.string().min(16).optional(),
  MCP_ALLOWED_ORIGINS: z.string().default(''),
  SERVICE_ROLE: z.enum(['all', 'read'], { error: 'all (everything, the hub included) or read (everything but the hub)' }).default('all'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(1),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(30_000),
  // Set by npm for the scripts it runs: the server then stops when npm does (npm killed with SIGKILL cannot pass the signal on).
  npm_lifecycle_event: z.string().optional(),
});

/** What one client may cost the server (docs/interface.md, "Read endpoints": limits). */
export interface HttpLimits {
  /** Open connections at once; one more is answered 503 and closed. */
  maxConnections: number;
  /** Time a client has to send a request's headers, from the connection's start or its previous request. */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request, body included. */
  requestTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed (a client that stopped reading our answers, too). */
  idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
  /** Answers one connection may leave unread before the server stops reading its requests. */
  maxUnsentBytes: number;
  /** Requests one connection may have waiting for answers; past it the connection is closed. */
  maxQueuedRequests: number;
  /** Unsent answers all connections together may hold before pipelined requests wait everywhere. */
  maxUnsentBytesTotal: number;
  /** Requests all connections together may hold; past it a connection that pipelines is closed. */
  maxQueuedRequestsTotal: number;
}

/** The WebSub hub's policy (docs/interface.md, "WebSub hub"). */
export interface HubConfig {
  /** SQLite file of subscriptions, pending verifications and deliveries, last distributed hashes. */
  dbPath: string;
  /** Postgres instead of the file, shared by any number of hub nodes (docs/scaling.md). */
  databaseUrl: string | undefined;
  /** Let callbacks resolve to loopback/private addresses (tests, local use only). */
  allowPrivateCallbacks: boolean;
  lease: LeasePolicy;
  /** Wait before the 2nd, 3rd, ... attempt of a failed delivery; the last repeats if there are fewer than needed. */
  retryDelaysMs: number[];
  /** A verification or delivery without an answer (headers and the body it needs) in this time has failed. */
  deliveryTimeoutMs: number;
  /** Outgoing requests (verifications and deliveries) in flight at once. */
  deliveryConcurrency: number;
  /** Subscription and publish requests per minute per client address, subscriptions per callback host; 0 = no limit. */
  rateLimitPerMinute: number;
  maxSubscriptionsPerHost: number;
}

export interface ServerConfig {
  host: string;
  port: number;
  /** `all`: everything; `read`: everything but the hub, whose path answers 503 (docs/interface.md, "Running it"). */
  role: 'all' | 'read';
  /** Processes answering on the port (`node:cluster` workers when more than 1). */
  workers: number;
  /** How long a shutdown waits for answers in flight before it cuts the connections still busy. */
  shutdownDrainMs: number;
  /** Stop when the process that started this one goes away (`npm start` killed with SIGKILL). */
  stopWithParent: boolean;
  /** Build output: `dist/client` holds the artifacts, `dist/build.json` the build's site URL. */
  distDir: string;
  http: HttpLimits;
  hub: HubConfig;
  mcpSessionSecret: string | undefined;
  mcpAllowedOrigins: string[];
}

export function readServerConfig(env: Env): ServerConfig {
  const parsed = parseEnv(ServerConfigSchema, env);
  if (!(parsed.HUB_LEASE_MIN_S <= parsed.HUB_LEASE_DEFAULT_S && parsed.HUB_LEASE_DEFAULT_S <= parsed.HUB_LEASE_MAX_S)) {
    throw new ConfigError('Invalid configuration:\n  HUB_LEASE_*: expected HUB_LEASE_MIN_S <= HUB_LEASE_DEFAULT_S <= HUB_LEASE_MAX_S');
  }
  return {
    host: parsed.HOST,
    port: parsed.PORT,
    role: parsed.SERVICE_ROLE,
    workers: parsed.WEB_CONCURRENCY,
    shutdownDrainMs: parsed.SHUTDOWN_DRAIN_MS,
    stopWithParent: parsed.npm_lifecycle_event !== undefined,
    distDir: parsed.DIST_DIR,
    http: {
      maxConnections: parsed.HTTP_MAX_CONNECTIONS,
      headersTimeoutMs: parsed.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: parsed.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: parsed.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: parsed.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxUnsentBytes: parsed.HTTP_MAX_UNSENT_BYTES,
      maxQueuedRequests: parsed.HTTP_MAX_QUEUED_REQUESTS,
      maxUnsentBytesTotal: parsed.HTTP_MAX_UNSENT_BYTES_TOTAL,
      maxQueuedRequestsTotal: parsed.HTTP_MAX_QUEUED_REQUESTS_TOTAL,
    },
    hub: {
      dbPath: parsed.HUB_DB_PATH,
      databaseUrl: parsed.HUB_DATABASE_URL,
      allowPrivateCallbacks: parsed.HUB_ALLOW_PRIVATE_CALLBACKS,
      lease: { minSeconds: parsed.HUB_LEASE_MIN_S, maxSeconds: parsed.HUB_LEASE_MAX_S, defaultSeconds: parsed.HUB_LEASE_DEFAULT_S },
      retryDelaysMs: parsed.HUB_RETRY_DELAYS_MS.split(',').map((s) => Number(s.trim())),
      deliveryTimeoutMs: parsed.HUB_DELIVERY_TIMEOUT_MS,
      deliveryConcurrency: parsed.HUB_DELIVERY_CONCURRENCY,
      rateLimitPerMinute: parsed.HUB_RATE_LIMIT_PER_MIN,
      maxSubscriptionsPerHost: parsed.HUB_MAX_SUBSCRIPTIONS_PER_HOST,
    },
    mcpSessionSecret: parsed.MCP_SESSION_SECRET,
    mcpAllowedOrigins: parsed.MCP_ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

const DeployConfigSchema = z.object({
  DEPLOY_HUB_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/** `npm run deploy`: where the new build goes and which hub to tell. */
export interface DeployConfig {
  distDir: string;
  /** `DEPLOY_HUB_URL`: the running hub's endpoint, when it is not the server recorded beside the build. */
  hubUrl: string | undefined;
  /** The hub of a server at HOST:PORT, when no server records itself beside the build. */
  localHubUrl: string;
  /** Stop (cleanly) when the process that started this one goes away (npm killed with SIGKILL). */
  stopWithParent: boolean;
}

export function readDeployConfig(env: Env): DeployConfig {
  const server = readServerConfig(env);
  const parsed = parseEnv(DeployConfigSchema, env);
  // A server listening on every address is reached on the loopback one.
  const host = server.host === '0.0.0.0' ? '127.0.0.1' : server.host === '::' ? '::1' : server.host;
  return {
    distDir: server.distDir,
    hubUrl: parsed.DEPLOY_HUB_URL,
    localHubUrl: `${localSiteUrl(host, server.port)}${PATHS.hub}`,
    stopWithParent: server.stopWithParent,
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

/** The limits a server gets when the environment sets none. */
export const DEFAULT_HTTP_LIMITS: Readonly<HttpLimits> = readServerConfig({}).http;
