import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { parseOrigins, parsePublicOrigins, parseTrustProxy, type TrustProxy } from './deploy-options.js';

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
  /** Where the local storage adapter writes uploads (default <repo>/.data/uploads, created on demand). */
  dataDir?: string;
  /** Forward /lapi/* and /common/* to this backend instead of the demo data (ATRIUM_PROXY). */
  proxy?: string | null;
  /** 'local' (default) or 's3' (ATRIUM_STORAGE), the latter with ATRIUM_S3_BUCKET. */
  storage?: StorageKind;
  s3Bucket?: string;
  /** Fastify logger option (false in tests). */
  logger?: FastifyServerOptions['logger'];
  /** Sign-in attempts allowed per address per minute (ATRIUM_LOGIN_RATE_LIMIT, default 10). */
  loginRateLimit?: number;
  /** Largest accepted upload in bytes (default 200 MB). */
  maxUploadBytes?: number;
  /** How long an upload address stays valid, in ms (default 15 minutes). */
  uploadTtlMs?: number;
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
}

export interface ResolvedOptions {
  env: AtriumEnv;
  lockdown: boolean;
  distDir: string;
  dataDir: string;
  proxy: string | null;
  storage: StorageKind;
  s3Bucket: string | null;
  logger: NonNullable<FastifyServerOptions['logger']>;
  loginRateLimit: number;
  maxUploadBytes: number;
  uploadTtlMs: number;
  now: () => number;
  secret: Buffer;
  publicOrigins: string[];
  trustProxy: TrustProxy;
  embedOrigins: string[];
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

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new OptionsError('invalid-option', `${name} must be a positive integer`);
  return n;
}

/** Explicit options win; otherwise the environment variables of DESIGN.md; otherwise the defaults. */
export function resolveOptions(
  options: ServerOptions = {},
  environ: NodeJS.ProcessEnv = process.env,
): ResolvedOptions {
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
    dataDir: path.resolve(options.dataDir ?? path.join(REPO_ROOT, '.data', 'uploads')),
    proxy: parseProxy(options.proxy !== undefined ? options.proxy : environ['ATRIUM_PROXY']),
    storage,
    s3Bucket,
    logger: options.logger ?? false,
    loginRateLimit:
      options.loginRateLimit ??
      positiveInt(environ['ATRIUM_LOGIN_RATE_LIMIT'], 10, 'ATRIUM_LOGIN_RATE_LIMIT'),
    maxUploadBytes: options.maxUploadBytes ?? 200 * 1024 * 1024,
    uploadTtlMs: options.uploadTtlMs ?? 15 * 60 * 1000,
    now: options.now ?? Date.now,
    secret: options.secret ?? randomBytes(32),
    publicOrigins: options.publicOrigins ?? parsePublicOrigins(environ['ATRIUM_PUBLIC_ORIGIN']),
    trustProxy: options.trustProxy ?? parseTrustProxy(environ['ATRIUM_TRUST_PROXY']),
    embedOrigins:
      options.embedOrigins ?? parseOrigins(environ['ATRIUM_EMBED_ORIGINS'], 'ATRIUM_EMBED_ORIGINS'),
  };
}
