/**
 * The support-video S3 adapter against a real S3 API server (s3rver, on loopback), not a fake client: what
 * the bucket then holds is what a user's upload left there.
 */
import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '@atrium/server/s3-storage';
import { startS3, type RunningS3 } from '../real/index.js';

const BUCKET = 'atrium-uploads';
let s3: RunningS3;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3({ buckets: [BUCKET] });
  client = new S3Client({
    region: 'us-west-2',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
    // s3rver predates the SDK's default CRC checksums on uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});

describe('S3 storage against a real S3 API server', () => {
  it('streams a video into the bucket under the prefix, with its type, and stats it back', async () => {
    const storage = createS3Storage({ bucket: BUCKET, keyPrefix: 'support/', client });
    const bytes = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64 * 1024, 7)]);
    await storage.put('videos/4101/recording.webm', Readable.from([bytes]), {
      mimetype: 'video/webm',
      size: bytes.length,
    });
    expect(await storage.stat('videos/4101/recording.webm')).toEqual({ size: bytes.length });
    const stored = await client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'support/videos/4101/recording.webm' }),
    );
    expect(stored.ContentType).toBe('video/webm');
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(bytes);
  });

  it('says a missing object is missing, and refuses a key that climbs out of its prefix', async () => {
    const storage = createS3Storage({ bucket: BUCKET, keyPrefix: 'support/', client });
    expect(await storage.stat('videos/none.webm')).toBeNull();
    await expect(storage.stat('../escape.webm')).rejects.toThrow(/unsafe storage filepath/);
  });

  it('leaves no object behind when the upload stream fails part way', async () => {
    const storage = createS3Storage({ bucket: BUCKET, client });
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(
      storage.put('videos/cut.webm', failing, { mimetype: 'video/webm', size: 10 * 1024 }),
    ).rejects.toThrow();
    expect(await storage.stat('videos/cut.webm')).toBeNull();
  });
});
