/**
 * The files of every release on S3 or an S3-compatible server (ATRIUM_ASSETS=s3), for several instances
 * behind a load balancer and a CDN in front: publish uploads each verified file once, with immutable cache
 * headers (names are content-hashed), and the release's map points at the public URL of each file. The SRI
 * hashes are those of the verified bytes, so a CDN that altered a file would be refused by the browser.
 *
 * The objects must be publicly readable at `publicUrl` (a bucket policy, or a CDN with access to the
 * bucket), with CORS allowing the front door's origin: SystemJS checks integrity on cross-origin scripts.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ReleaseError } from './errors.js';
import type { AssetStore } from './store.js';

export interface S3AssetOptions {
  bucket: string;
  /** Key prefix, e.g. `atrium/assets/` (default `assets/`). */
  prefix: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, s3rver): path-style addressing. */
  endpoint: string | null;
  /** Where browsers fetch the files (a CDN); default the bucket's own URL. */
  publicUrl: string | null;
  /** The SDK's credentials chain is used when absent (AWS_ACCESS_KEY_ID, instance roles...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** A year: the longest max-age caches honour; the names never get other content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  woff2: 'font/woff2',
  map: 'application/json; charset=utf-8',
};

function contentType(file: string): string {
  return TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
function safeName(file: string): string {
  if (!SAFE_NAME.test(file) || file.includes('..'))
    throw new ReleaseError('bad-manifest', `"${file}" is not a file name a release can hold`);
  return file;
}

/** An S3 answer meaning "no such object" (servers differ in how they say it). */
export function isMissing(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

const unavailable = (bucket: string, error: unknown): ReleaseError =>
  new ReleaseError(
    'unavailable',
    `the assets bucket ${bucket} cannot be reached (${(error as Error).message}); nothing was changed`,
  );

/** The public base: the CDN when given, else the bucket's own address. Always ends with `/`. */
export function publicBaseOf(options: S3AssetOptions): string {
  const base =
    options.publicUrl ??
    (options.endpoint
      ? `${options.endpoint.replace(/\/+$/, '')}/${options.bucket}/${options.prefix}`
      : `https://${options.bucket}.s3.${options.region}.amazonaws.com/${options.prefix}`);
  return base.endsWith('/') ? base : `${base}/`;
}

/** The client for a bucket of these options (the assets, and the durable release history beside them). */
export function s3ClientOf(options: S3AssetOptions): S3Client {
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Plain PUTs that every S3-compatible server accepts.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3AssetStore(options: S3AssetOptions): AssetStore {
  const { bucket, prefix } = options;
  const client = s3ClientOf(options);
  const base = publicBaseOf(options);
  const keyOf = (file: string): string => `${prefix}${safeName(file)}`;
  const calling = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ReleaseError) throw error;
      throw unavailable(bucket, error);
    }
  };

  return {
    localDir: null,
    urlOf: (file) => `${base}${safeName(file)}`,
    async read(file) {
      const key = keyOf(file);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(bucket, error);
      }
    },
    async put(file, data) {
      await calling(() =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: keyOf(file),
            Body: data,
            ContentType: contentType(file),
            ContentLength: data.length,
            CacheControl: IMMUTABLE,
          }),
        ),
      );
    },
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await calling(() =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token })),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length);
          if (name && SAFE_NAME.test(name)) names.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async remove(file) {
      await calling(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(file) })));
    },
  };
}
