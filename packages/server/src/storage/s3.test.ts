import { PassThrough, Readable } from 'node:stream';
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it, vi } from 'vitest';
import { createS3Storage } from './s3.js';
import type { S3ClientLike } from './s3.js';

function fakeClient(
  answer: (command: PutObjectCommand | HeadObjectCommand | DeleteObjectCommand) => Promise<unknown>,
) {
  const send = vi.fn(answer);
  return { client: { send } satisfies S3ClientLike, send };
}

describe('createS3Storage', () => {
  it('defaults to us-west-2 (SPEC section 9), for the SDK client it builds too', async () => {
    const storage = createS3Storage({ bucket: 'atrium-uploads' });
    expect(storage.region).toBe('us-west-2');
    expect(storage.bucket).toBe('atrium-uploads');
    // Building a client is offline; its resolved region is what requests would be signed for.
    const { S3Client } = await import('@aws-sdk/client-s3');
    const client = new S3Client({ region: storage.region });
    expect(await client.config.region()).toBe('us-west-2');
  });

  it('streams the body to the bucket and key with its content type and length', async () => {
    const { client, send } = fakeClient(async () => ({}));
    const storage = createS3Storage({ bucket: 'atrium-uploads', keyPrefix: 'atrium/', client });
    const body = Readable.from([Buffer.from('video-bytes')]);
    await storage.put('support-videos/2025-10-27/abc.webm', body, { mimetype: 'video/webm', size: 11 });
    expect(send).toHaveBeenCalledTimes(1);
    const command = send.mock.calls[0]?.[0];
    expect(command).toBeInstanceOf(PutObjectCommand);
    expect(command?.input).toEqual({
      Bucket: 'atrium-uploads',
      Key: 'atrium/support-videos/2025-10-27/abc.webm',
      Body: body,
      ContentType: 'video/webm',
      ContentLength: 11,
    });
  });

  it('removes a replaced video by its key', async () => {
    const { client, send } = fakeClient(async () => ({}));
    const storage = createS3Storage({ bucket: 'atrium-uploads', keyPrefix: 'atrium/', client });
    await storage.remove('support-videos/2025-10-27/old.webm');
    const command = send.mock.calls[0]?.[0];
    expect(command).toBeInstanceOf(DeleteObjectCommand);
    expect(command?.input).toEqual({
      Bucket: 'atrium-uploads',
      Key: 'atrium/support-videos/2025-10-27/old.webm',
    });
  });

  it('passes a failing body through as a rejection (nothing is stored)', async () => {
    const { client } = fakeClient(async (command) => {
      const stream = (command as PutObjectCommand).input.Body as PassThrough;
      await new Promise((_resolve, reject) => stream.on('error', reject));
    });
    const storage = createS3Storage({ bucket: 'b', client });
    const body = new PassThrough();
    const put = storage.put('support-videos/x.webm', body, { mimetype: 'video/webm', size: 100 });
    body.destroy(new Error('too large'));
    await expect(put).rejects.toThrow('too large');
  });

  it('stat reads the size with HeadObject and answers null for a missing object', async () => {
    const { client, send } = fakeClient(async (command) => {
      if (command.input.Key === 'support-videos/here.webm') return { ContentLength: 2048 };
      throw Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
    });
    const storage = createS3Storage({ bucket: 'atrium-uploads', client });
    expect(await storage.stat('support-videos/here.webm')).toEqual({ size: 2048 });
    expect(send.mock.calls[0]?.[0]).toBeInstanceOf(HeadObjectCommand);
    expect(send.mock.calls[0]?.[0].input).toEqual({
      Bucket: 'atrium-uploads',
      Key: 'support-videos/here.webm',
    });
    expect(await storage.stat('support-videos/gone.webm')).toBeNull();
  });

  it('rethrows other errors (a denied bucket is not a missing file)', async () => {
    const { client } = fakeClient(async () => {
      throw Object.assign(new Error('AccessDenied'), {
        name: 'AccessDenied',
        $metadata: { httpStatusCode: 403 },
      });
    });
    await expect(createS3Storage({ bucket: 'b', client }).stat('x.webm')).rejects.toThrow('AccessDenied');
  });

  it('refuses keys that climb out of the prefix, and a missing bucket', async () => {
    const { client, send } = fakeClient(async () => ({}));
    const storage = createS3Storage({ bucket: 'b', client });
    await expect(storage.stat('../secrets')).rejects.toThrow('unsafe');
    expect(send).not.toHaveBeenCalled();
    expect(() => createS3Storage({ bucket: '' })).toThrow('bucket');
  });
});
