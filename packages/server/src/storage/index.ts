import type { ResolvedOptions } from '../options.js';
import { createLocalStorage } from './local.js';
import type { Storage } from './types.js';

export type { Storage, PutOptions, StoredObject } from './types.js';
export { createLocalStorage } from './local.js';

/** SPEC section 9: storage region us-west-2. */
export const S3_REGION = 'us-west-2';

/**
 * Pick the adapter. The S3 one (written by the video work, storage/s3.ts) is loaded only when chosen, so
 * the AWS SDK stays out of the default start-up path.
 */
export async function createStorage(
  options: Pick<ResolvedOptions, 'storage' | 'dataDir' | 's3Bucket'>,
): Promise<Storage> {
  if (options.storage === 's3') {
    if (!options.s3Bucket) throw new Error('S3 storage needs a bucket (ATRIUM_S3_BUCKET)');
    const { createS3Storage } = await import('./s3.js');
    return await createS3Storage({ region: S3_REGION, bucket: options.s3Bucket });
  }
  return createLocalStorage(options.dataDir);
}
