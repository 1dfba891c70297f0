/**
 * Where the files of releases live (ATRIUM_ASSETS): `local` (default) under the releases directory, served
 * by the server at /assets/; or `s3`, a bucket browsers fetch from (through a CDN when
 * ATRIUM_ASSETS_PUBLIC_URL is set). Read at start, so a wrong setting stops with one line.
 */
import path from 'node:path';
import { ReleaseError } from './errors.js';
import { createFileAssetStore } from './file-store.js';
import { createS3AssetStore, s3ClientOf, type S3AssetOptions } from './s3-assets.js';
import {
  createDirectoryHistory,
  createS3History,
  historyPrefixOf,
  type DurableHistory,
} from './durable-history.js';
import type { AssetStore } from './store.js';

export type AssetsConfig = { kind: 'local' } | ({ kind: 's3' } & S3AssetOptions);

function httpUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ReleaseError('bad-arguments', `${name} must be an http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ReleaseError('bad-arguments', `${name} must be an http(s) URL, not "${value}"`);
  return value;
}

export function assetsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AssetsConfig {
  const kind = env['ATRIUM_ASSETS'] || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3')
    throw new ReleaseError('bad-arguments', `ATRIUM_ASSETS must be local or s3, not "${kind}"`);
  const bucket = env['ATRIUM_ASSETS_S3_BUCKET'];
  if (!bucket)
    throw new ReleaseError('bad-arguments', 'ATRIUM_ASSETS=s3 needs a bucket: set ATRIUM_ASSETS_S3_BUCKET');
  const prefix = env['ATRIUM_ASSETS_S3_PREFIX'] ?? 'assets/';
  if (
    prefix !== '' &&
    (!/^[A-Za-z0-9._/-]+\/$/.test(prefix) || prefix.startsWith('/') || prefix.includes('..'))
  )
    throw new ReleaseError(
      'bad-arguments',
      `ATRIUM_ASSETS_S3_PREFIX must be a key prefix ending in "/" (e.g. atrium/assets/), not "${prefix}"`,
    );
  const endpoint = env['ATRIUM_ASSETS_S3_ENDPOINT'];
  const publicUrl = env['ATRIUM_ASSETS_PUBLIC_URL'];
  return {
    kind,
    bucket,
    prefix,
    region: env['ATRIUM_ASSETS_S3_REGION'] || env['AWS_REGION'] || 'us-east-1',
    endpoint: endpoint ? httpUrl(endpoint, 'ATRIUM_ASSETS_S3_ENDPOINT') : null,
    publicUrl: publicUrl ? httpUrl(publicUrl, 'ATRIUM_ASSETS_PUBLIC_URL') : null,
  };
}

/** The asset store of a configuration; local files live in `<releases dir>/assets`. */
export function createAssetStore(config: AssetsConfig, releasesDir: string): AssetStore {
  if (config.kind === 'local') return createFileAssetStore(path.join(releasesDir, 'assets'));
  const { kind: _kind, ...options } = config;
  return createS3AssetStore(options);
}

/**
 * Where Redis mode keeps the release history for good: the releases directory (a volume every instance
 * mounts), or the assets bucket beside the assets prefix when ATRIUM_ASSETS=s3.
 */
export function createDurableHistory(config: AssetsConfig, releasesDir: string): DurableHistory {
  if (config.kind === 'local') return createDirectoryHistory(releasesDir);
  const { kind: _kind, ...options } = config;
  return createS3History(s3ClientOf(options), config.bucket, historyPrefixOf(config.prefix));
}

export function describeAssets(config: AssetsConfig, releasesDir: string): string {
  return config.kind === 'local'
    ? `files in ${path.join(releasesDir, 'assets')}`
    : `files in s3://${config.bucket}/${config.prefix}`;
}
