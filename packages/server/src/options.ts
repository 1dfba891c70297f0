import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { assetsConfigFromEnv, type AssetsConfig } from '@atrium/releases';
import { parseRedisUrl } from './state/redis-connection.js';
import {
  parseAddressList,
  parseOrigins,
  parsePublicOrigins,
  parseTrustProxy,
  type TrustProxy,
} from './deploy-options.js';
import { settingsEnvironment } from './settings.js';

/** The repository root: packages/server/src -> ../../.. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type AtriumEnv = 'production' | 'development';
export type StorageKind = 'local' | 's3';

export interface ServerOptions {
  /** 'production' | 'development'; default from ATRIUM_ENV, else production (SPEC section 9). */
  env?: AtriumEnv;
  /** Lockdown mode: only the exams app on login (ATRIUM_LOCKDOWN=1). */
  lockdown?: boolean;
  /** The built front end (ATRIUM_DIST_DIR, default <repo>/dist). */
  distDir?: string;
  /** Where the local storage adapter writes uploads (ATRIUM_UPLOADS_DIR, default <repo>/.data/uploads, created on demand). */
  dataDir?: string;
  /** The demo backend on a public server, on purpose (ATRIUM_DEMO=1): the login page and the log say so. */
  demo?: boolean;
  /** Addresses/CIDRs besides loopback that may read /metrics (ATRIUM_METRICS_ALLOW, comma-separated). */
  metricsAllow?: string[];
  /** How long requests in flight get to finish after SIGTERM, in ms (ATRIUM_SHUTDOWN_GRACE_MS, default 10 s). */
  shutdownGraceMs?: number;
  /** Forward /lapi/* and /common/* to this backend instead of the demo data (ATRIUM_PROXY). */
  proxy?: string | null;
  /** 'local' (default) or 's3' (ATRIUM_STORAGE), the latter with ATRIUM_S3_BUCKET. */
  storage?: StorageKind;
  s3Bucket?: string;
  /** Fastify logger option (false in tests). */
  logger?: FastifyServerOptions['logger'];
  /**
   * Failed sign-ins allowed per client address per minute (ATRIUM_LOGIN_RATE_LIMIT, default 30). Only
   * failures count, so a computer lab behind one NAT address signs in together; 30 leaves room for a
   * lab's mistyped passwords and still stops a guesser within the minute.
   */
  loginRateLimit?: number;
  /**
   * External (SSO) sign-in starts allowed per client address per minute (ATRIUM_SSO_START_RATE_LIMIT,
   * default 120: two each for a lab of 60 behind one address). Each start makes the server keep a state.
   */
  externalStartRateLimit?: number;
  /** Failed passwords allowed per account per window (ATRIUM_ACCOUNT_RATE_LIMIT, default 10). */
  accountRateLimit?: number;
  /**
   * That window in ms, also the longest anyone can keep a named account locked after they stop
   * (ATRIUM_ACCOUNT_RATE_WINDOW_MS, default 5 minutes).
   */
  accountRateWindowMs?: number;
  /** Largest accepted upload in bytes (default 200 MB). */
  maxUploadBytes?: number;
  /** How long an upload address stays valid, in ms (default 15 minutes). */
  uploadTtlMs?: number;
  /** A session unused for this long ends, in ms (ATRIUM_SESSION_IDLE_MS, default 30 minutes). */
  sessionIdleMs?: number;
  /** A session ends this long after sign-in whatever its use, in ms (ATRIUM_SESSION_MAX_MS, default 12 hours). */
  sessionMaxMs?: number;
  /**
   * Live sessions one account may hold at once; a sign-in beyond it ends the account's oldest session
   * (ATRIUM_SESSIONS_PER_ACCOUNT, default 10). Each session can carry a legacy session of up to
   * ATRIUM_SESSION_DATA_MAX_BYTES, so this bounds what one account can make the server hold.
   */
  sessionsPerAccount?: number;
  /** Largest legacy session (`session_data`, as JSON) in bytes; 413 above it (ATRIUM_SESSION_DATA_MAX_BYTES, default 16 KB). */
  sessionDataMaxBytes?: number;
  /** Node's limits on a slow client, in ms: see `RequestTimeouts`. */
  timeouts?: Partial<RequestTimeouts>;
  /** Proxy mode: how long to wait for the backend before a 504, in ms (ATRIUM_PROXY_TIMEOUT_MS, default 30 s). */
  proxyTimeoutMs?: number;
  /** Clock, injected so tests can expire upload addresses and SSO states without waiting. */
  now?: () => number;
  /** Key for HMAC-signed upload addresses; a fresh random one per instance by default. */
  secret?: Buffer;
  /** The origins users type (ATRIUM_PUBLIC_ORIGIN, comma-separated); empty: the origin each request names. */
  publicOrigins?: string[];
  /** Which proxies' X-Forwarded-* to believe (ATRIUM_TRUST_PROXY, Fastify's meaning); default none. */
  trustProxy?: TrustProxy;
  /** Legacy origins whose pages may call the widgets' endpoints with cookies (ATRIUM_EMBED_ORIGINS). */
  embedOrigins?: string[];
  /** The release store (ATRIUM_RELEASES_DIR, default <repo>/var/releases): docs/releases.md. */
  releasesDir?: string;
  /** Lets CI call the release API without a session (ATRIUM_DEPLOY_TOKEN); null: root sessions only. */
  deployToken?: string | null;
  /**
   * Seals the notice feed's tokens (ATRIUM_FEED_KEY, at least 32 characters); null: a random key, kept in
   * Redis when there is one (state/feed-key.ts).
   */
  feedKey?: string | null;
  /**
   * Shared state for several instances (ATRIUM_REDIS_URL, redis:// or rediss://): sessions, the request
   * log, the login rate limit and the releases. null: everything in this process (the default).
   */
  redisUrl?: string | null;
  /** How often an instance re-reads the live release from Redis besides pub/sub, in ms (ATRIUM_RELEASE_POLL_MS, default 10 s). */
  releasePollMs?: number;
  /** Where the files of releases go (ATRIUM_ASSETS=local|s3 and its ATRIUM_ASSETS_* settings). */
  assets?: AssetsConfig;
  /** More same-origin prefixes of legacy screens, beside /legacy/ (ATRIUM_LEGACY_PREFIXES, comma-separated). */
  legacyPrefixes?: readonly string[];
}

/**
 * Node's own limits on a slow client (http.Server settings): a request whose headers are not all
 * in after `headersMs`, or which is not all in (headers and body) after `requestMs`, is cut with a 408 and
 * its socket closed; an idle keep-alive connection closes after `keepAliveMs`. Node checks for expired
 * requests every `checkIntervalMs`. `requestMs` bounds video uploads too (one PUT): raise it when videos
 * come over slow links.
 */
export interface RequestTimeouts {
  /** ATRIUM_HEADERS_TIMEOUT_MS, default 10 s. */
  headersMs: number;
  /** ATRIUM_REQUEST_TIMEOUT_MS, default 60 s. */
  requestMs: number;
  /** ATRIUM_KEEP_ALIVE_TIMEOUT_MS, default 5 s. */
  keepAliveMs: number;
  /** How often Node looks for expired requests; default 1 s (Node's own is 30 s). */
  checkIntervalMs: number;
  /**
   * A connection on which nothing is read or written for this long is closed, whatever it is doing: the
   * write deadline for a client that stops reading an answer, and the idle deadline for one that sends
   * nothing (Node's socket timeout; nginx's `send_timeout` is 60 s too). ATRIUM_SEND_TIMEOUT_MS, default
   * 60 s; keep it above ATRIUM_PROXY_TIMEOUT_MS, as a proxied request waits on the backend without traffic.
   */
  sendMs: number;
}

export interface ResolvedOptions {
  env: AtriumEnv;
  lockdown: boolean;
  distDir: string;
  dataDir: string;
  demo: boolean;
  metricsAllow: string[];
  shutdownGraceMs: number;
  proxy: string | null;
  storage: StorageKind;
  s3Bucket: string | null;
  logger: NonNullable<FastifyServerOptions['logger']>;
  loginRateLimit: number;
  externalStartRateLimit: number;
  accountRateLimit: number;
  accountRateWindowMs: number;
  maxUploadBytes: number;
  uploadTtlMs: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  sessionsPerAccount: number;
  sessionDataMaxBytes: number;
  timeouts: RequestTimeouts;
  proxyTimeoutMs: number;
  now: () => number;
  secret: Buffer;
  publicOrigins: string[];
  trustProxy: TrustProxy;
  embedOrigins: string[];
  releasesDir: string;
  deployToken: string | null;
  feedKey: string | null;
  redisUrl: string | null;
  releasePollMs: number;
  assets: AssetsConfig;
  legacyPrefixes: readonly string[];
}

export class OptionsError extends Error {
  override readonly name = 'OptionsError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function parseEnv(value: string | undefined): AtriumEnv {
  if (value === undefined || value === '') return 'production';
  if (value === 'production' || value === 'development') return value;
  throw new OptionsError('invalid-env', `ATRIUM_ENV must be production or development, not "${value}"`);
}

function parseProxy(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OptionsError('invalid-proxy', `The proxy must be an http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OptionsError('invalid-proxy', `The proxy must be an http(s) URL, not "${value}"`);
  }
  return url.origin;
}

function parseRedis(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  try {
    parseRedisUrl(value);
  } catch (error) {
    throw new OptionsError('invalid-redis-url', (error as Error).message);
  }
  return value;
}

function parseAssets(environ: NodeJS.ProcessEnv): AssetsConfig {
  try {
    return assetsConfigFromEnv(environ);
  } catch (error) {
    throw new OptionsError('invalid-assets', (error as Error).message);
  }
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new OptionsError('invalid-option', `${name} must be a positive integer`);
  return n;
}

/** A deploy token short enough to guess would be a back door: at least 32 characters. */
function parseDeployToken(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (value.length < 32 || /\s/.test(value))
    throw new OptionsError(
      'invalid-deploy-token',
      'ATRIUM_DEPLOY_TOKEN must be at least 32 characters, no spaces',
    );
  return value;
}

function parseFeedKey(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (value.length < 32 || /\s/.test(value))
    throw new OptionsError('invalid-feed-key', 'ATRIUM_FEED_KEY must be at least 32 characters, no spaces');
  return value;
}

/** `/classic/,/old-lms/` -> ['/classic/', '/old-lms/']; each is checked when the map is built. */
function parseLegacyPrefixes(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((prefix) => prefix.trim())
    .filter((prefix) => prefix !== '');
}

/** ATRIUM_DEMO: `1` or unset (`0` too); anything else is a typo to report rather than guess at. */
function parseDemo(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new OptionsError('invalid-option', `ATRIUM_DEMO must be 1 or unset, not "${value}"`);
}

/** Explicit options win; otherwise the environment variables of DESIGN.md; otherwise the defaults. */
export function resolveOptions(
  options: ServerOptions = {},
  processEnv: NodeJS.ProcessEnv = process.env,
): ResolvedOptions {
  // Every ATRIUM_* name read below has its row in settings.ts (docs/deploy.md's table), or this throws.
  const environ = settingsEnvironment(processEnv);
  const storage = options.storage ?? (environ['ATRIUM_STORAGE'] === 's3' ? 's3' : 'local');
  if (environ['ATRIUM_STORAGE'] && !['s3', 'local'].includes(environ['ATRIUM_STORAGE'])) {
    throw new OptionsError('invalid-storage', 'ATRIUM_STORAGE must be local or s3');
  }
  const s3Bucket = options.s3Bucket ?? environ['ATRIUM_S3_BUCKET'] ?? null;
  if (storage === 's3' && !s3Bucket) {
    throw new OptionsError('missing-bucket', 'S3 storage needs a bucket: set ATRIUM_S3_BUCKET');
  }
  return {
    env: options.env ?? parseEnv(environ['ATRIUM_ENV']),
    lockdown: options.lockdown ?? environ['ATRIUM_LOCKDOWN'] === '1',
    distDir: path.resolve(options.distDir ?? (environ['ATRIUM_DIST_DIR'] || path.join(REPO_ROOT, 'dist'))),
    dataDir: path.resolve(
      options.dataDir ?? (environ['ATRIUM_UPLOADS_DIR'] || path.join(REPO_ROOT, '.data', 'uploads')),
    ),
    demo: options.demo ?? parseDemo(environ['ATRIUM_DEMO']),
    metricsAllow:
      options.metricsAllow ?? parseAddressList(environ['ATRIUM_METRICS_ALLOW'], 'ATRIUM_METRICS_ALLOW'),
    shutdownGraceMs:
      options.shutdownGraceMs ??
      positiveInt(environ['ATRIUM_SHUTDOWN_GRACE_MS'], 10_000, 'ATRIUM_SHUTDOWN_GRACE_MS'),
    proxy: parseProxy(options.proxy !== undefined ? options.proxy : environ['ATRIUM_PROXY']),
    storage,
    s3Bucket,
    logger: options.logger ?? false,
    loginRateLimit:
      options.loginRateLimit ??
      positiveInt(environ['ATRIUM_LOGIN_RATE_LIMIT'], 30, 'ATRIUM_LOGIN_RATE_LIMIT'),
    externalStartRateLimit:
      options.externalStartRateLimit ??
      positiveInt(environ['ATRIUM_SSO_START_RATE_LIMIT'], 120, 'ATRIUM_SSO_START_RATE_LIMIT'),
    accountRateLimit:
      options.accountRateLimit ??
      positiveInt(environ['ATRIUM_ACCOUNT_RATE_LIMIT'], 10, 'ATRIUM_ACCOUNT_RATE_LIMIT'),
    accountRateWindowMs:
      options.accountRateWindowMs ??
      positiveInt(environ['ATRIUM_ACCOUNT_RATE_WINDOW_MS'], 5 * 60 * 1000, 'ATRIUM_ACCOUNT_RATE_WINDOW_MS'),
    maxUploadBytes: options.maxUploadBytes ?? 200 * 1024 * 1024,
    uploadTtlMs: options.uploadTtlMs ?? 15 * 60 * 1000,
    sessionIdleMs:
      options.sessionIdleMs ??
      positiveInt(environ['ATRIUM_SESSION_IDLE_MS'], 30 * 60 * 1000, 'ATRIUM_SESSION_IDLE_MS'),
    sessionMaxMs:
      options.sessionMaxMs ??
      positiveInt(environ['ATRIUM_SESSION_MAX_MS'], 12 * 60 * 60 * 1000, 'ATRIUM_SESSION_MAX_MS'),
    sessionsPerAccount:
      options.sessionsPerAccount ??
      positiveInt(environ['ATRIUM_SESSIONS_PER_ACCOUNT'], 10, 'ATRIUM_SESSIONS_PER_ACCOUNT'),
    sessionDataMaxBytes:
      options.sessionDataMaxBytes ??
      positiveInt(environ['ATRIUM_SESSION_DATA_MAX_BYTES'], 16 * 1024, 'ATRIUM_SESSION_DATA_MAX_BYTES'),
    timeouts: {
      headersMs:
        options.timeouts?.headersMs ??
        positiveInt(environ['ATRIUM_HEADERS_TIMEOUT_MS'], 10_000, 'ATRIUM_HEADERS_TIMEOUT_MS'),
      requestMs:
        options.timeouts?.requestMs ??
        positiveInt(environ['ATRIUM_REQUEST_TIMEOUT_MS'], 60_000, 'ATRIUM_REQUEST_TIMEOUT_MS'),
      keepAliveMs:
        options.timeouts?.keepAliveMs ??
        positiveInt(environ['ATRIUM_KEEP_ALIVE_TIMEOUT_MS'], 5_000, 'ATRIUM_KEEP_ALIVE_TIMEOUT_MS'),
      checkIntervalMs: options.timeouts?.checkIntervalMs ?? 1_000,
      sendMs:
        options.timeouts?.sendMs ??
        positiveInt(environ['ATRIUM_SEND_TIMEOUT_MS'], 60_000, 'ATRIUM_SEND_TIMEOUT_MS'),
    },
    proxyTimeoutMs:
      options.proxyTimeoutMs ??
      positiveInt(environ['ATRIUM_PROXY_TIMEOUT_MS'], 30_000, 'ATRIUM_PROXY_TIMEOUT_MS'),
    now: options.now ?? Date.now,
    secret: options.secret ?? randomBytes(32),
    publicOrigins: options.publicOrigins ?? parsePublicOrigins(environ['ATRIUM_PUBLIC_ORIGIN']),
    trustProxy: options.trustProxy ?? parseTrustProxy(environ['ATRIUM_TRUST_PROXY']),
    embedOrigins:
      options.embedOrigins ?? parseOrigins(environ['ATRIUM_EMBED_ORIGINS'], 'ATRIUM_EMBED_ORIGINS'),
    releasesDir: path.resolve(
      options.releasesDir ?? (environ['ATRIUM_RELEASES_DIR'] || path.join(REPO_ROOT, 'var', 'releases')),
    ),
    deployToken: parseDeployToken(
      options.deployToken !== undefined ? options.deployToken : environ['ATRIUM_DEPLOY_TOKEN'],
    ),
    feedKey: parseFeedKey(options.feedKey !== undefined ? options.feedKey : environ['ATRIUM_FEED_KEY']),
    redisUrl: parseRedis(options.redisUrl !== undefined ? options.redisUrl : environ['ATRIUM_REDIS_URL']),
    releasePollMs:
      options.releasePollMs ??
      positiveInt(environ['ATRIUM_RELEASE_POLL_MS'], 10_000, 'ATRIUM_RELEASE_POLL_MS'),
    assets: options.assets ?? parseAssets(environ),
    legacyPrefixes: options.legacyPrefixes ?? parseLegacyPrefixes(environ['ATRIUM_LEGACY_PREFIXES']),
  };
}

/** Node refuses a headers timeout longer than the request timeout; say which setting is wrong instead. */
export function assertTimeouts({ headersMs, requestMs }: RequestTimeouts): void {
  if (headersMs > requestMs) {
    throw new OptionsError(
      'invalid-option',
      'ATRIUM_HEADERS_TIMEOUT_MS must not be longer than ATRIUM_REQUEST_TIMEOUT_MS',
    );
  }
}
