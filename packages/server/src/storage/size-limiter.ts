import { Transform, type TransformCallback } from 'node:stream';

export class UploadSizeError extends Error {
  override readonly name = 'UploadSizeError';
  constructor(
    readonly code: 'too-large' | 'size-mismatch',
    message: string,
  ) {
    super(message);
  }
}

/** The client went away before sending the whole body. */
export class UploadAbortedError extends Error {
  override readonly name = 'UploadAbortedError';
  readonly code = 'upload-aborted';
  constructor() {
    super('The upload was interrupted before it was complete.');
  }
}

/**
 * Pass bytes through while counting them: fail as soon as more than `size` arrive (so an oversized body is
 * never stored in full), and at the end when fewer did.
 */
export function createSizeLimiter(size: number): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      received += chunk.length;
      if (received > size) {
        callback(new UploadSizeError('too-large', `The upload is larger than the declared ${size} bytes.`));
        return;
      }
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (received !== size) {
        callback(
          new UploadSizeError('size-mismatch', `The upload has ${received} bytes, not the declared ${size}.`),
        );
        return;
      }
      callback();
    },
  });
}
