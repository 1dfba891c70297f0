/**
 * S3 storage for uploaded support videos (SPEC section 7: cloud buckets for uploads; section 9: region
 * us-west-2). Chosen by configuration (ATRIUM_STORAGE=s3, ATRIUM_S3_BUCKET) and loaded only then, so the
 * AWS SDK stays off the default start-up path. Credentials come from the SDK's default provider chain
 * (environment, shared config, instance role): never from Atrium's own configuration.
 */
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Storage, StoredObject } from './types.js';

/** The one method of S3Client this adapter uses, so tests inject a fake without touching the network. */
export interface S3ClientLike {
  send(
    command: PutObjectCommand | HeadObjectCommand | DeleteObjectCommand,
    options?: { abortSignal?: AbortSignal },
  ): Promise<unknown>;
}

export interface S3StorageOptions {
  /** Default us-west-2 (SPEC section 9). */
  region?: string;
  bucket: string;
  /** Prefix for every key, e.g. 'atrium/'; none by default. */
  keyPrefix?: string;
  client?: S3ClientLike;
}

export interface S3Storage extends Storage {
  readonly region: string;
  readonly bucket: string;
}

export const DEFAULT_S3_REGION = 'us-west-2';

/** A missing object: HeadObject answers 404 with no body, which the SDK names 'NotFound'. */
function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

export function createS3Storage({
  region = DEFAULT_S3_REGION,
  bucket,
  keyPrefix = '',
  client,
}: S3StorageOptions): S3Storage {
  if (!bucket) throw new Error('S3 storage needs a bucket');
  const s3: S3ClientLike = client ?? (new S3Client({ region }) as unknown as S3ClientLike);
  const keyOf = (filepath: string): string => {
    // Filepaths are server-generated; still, a key that climbs or starts at '/' is a bug, not a file.
    if (filepath.startsWith('/') || filepath.split('/').includes('..')) {
      throw new Error(`Refusing an unsafe storage filepath: ${filepath}`);
    }
    return `${keyPrefix}${filepath}`;
  };

  return {
    region,
    bucket,
    async put(filepath: string, stream: Readable, options) {
      // Streamed, never buffered: ContentLength is required for a stream body, and S3 itself refuses a
      // body that ends short of it, so a cut-off upload leaves no object behind (a single PUT is atomic).
      // The SDK does not notice a body stream that fails (the client went away): it would wait for the
      // rest of the body for ever, holding the connection. The stream's error aborts the request.
      const aborted = new AbortController();
      const abort = (error?: Error): void => aborted.abort(error ?? new Error('upload stream closed early'));
      stream.once('error', abort);
      try {
        await s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: keyOf(filepath),
            Body: stream,
            ContentType: options.mimetype,
            ContentLength: options.size,
          }),
          { abortSignal: aborted.signal },
        );
      } finally {
        stream.off('error', abort);
      }
    },
    async remove(filepath: string): Promise<void> {
      // S3 answers a delete of a missing key with success, as the interface asks.
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(filepath) }));
    },
    async stat(filepath: string): Promise<StoredObject | null> {
      try {
        const head = (await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(filepath) }))) as {
          ContentLength?: number;
        };
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  };
}
