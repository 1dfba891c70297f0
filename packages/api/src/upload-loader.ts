/**
 * `uploadFile` as the client and the barrel hand it out: the XMLHttpRequest code (upload.ts) is a chunk
 * loaded on the first upload, because only the support video flow uploads and the login page must not
 * download it (login JS budget). Same signature and errors as upload.ts; a chunk that fails to load is a
 * 'network' ApiError, like a connection lost mid-upload, and the next call loads again.
 */
import { ApiError, UNKNOWN_ERROR_MESSAGE } from './errors.js';
import type { UploadOptions } from './upload.js';

export function uploadFile(url: string, blob: Blob, options: UploadOptions = {}): Promise<void> {
  return import(/* webpackChunkName: "api-upload" */ './upload.js').then(
    (module) => module.uploadFile(url, blob, options),
    (cause: unknown) => {
      throw new ApiError('network', UNKNOWN_ERROR_MESSAGE, 0, { cause });
    },
  );
}
