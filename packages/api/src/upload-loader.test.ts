import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { uploadFile } from './upload-loader.js';
import type { XhrLike } from './upload.js';

describe('uploadFile (loaded on first use)', () => {
  it('loads the upload code and keeps its errors: an aborted signal rejects with aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const xhrFactory = (): XhrLike => {
      throw new Error('no request may start');
    };
    const error: unknown = await uploadFile('/u', new Blob(['x']), {
      xhrFactory,
      signal: controller.signal,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('aborted');
  });
});
