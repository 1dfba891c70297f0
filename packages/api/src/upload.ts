/**
 * File upload with progress for the support video flow. fetch cannot report upload progress, so this one
 * call uses XMLHttpRequest; the XHR is injected so tests drive progress, errors and aborts by hand.
 */
import { ApiError, UNKNOWN_ERROR_MESSAGE, errorForStatus } from './errors.js';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1, or null when the total is not known. */
  fraction: number | null;
}

/** The part of XMLHttpRequest this helper uses. */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: Blob): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  timeout: number;
  withCredentials: boolean;
  upload: { onprogress: ((event: ProgressEvent) => void) | null };
  onload: ((event: ProgressEvent) => void) | null;
  onerror: ((event: ProgressEvent) => void) | null;
  onabort: ((event: ProgressEvent) => void) | null;
  ontimeout: ((event: ProgressEvent) => void) | null;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  xhrFactory?: () => XhrLike;
  /** 0 (the default) means no timeout: a large video on a slow line can take a long time. */
  timeoutMs?: number;
}

/**
 * PUT `blob` to `url` with the blob's content type. Resolves on 2xx; rejects with an ApiError: 'aborted'
 * (the signal fired), 'network' (connection lost), 'timeout', or 'http' (the server refused it). A failed
 * upload is retried by calling again: every call uses a fresh request.
 */
export function uploadFile(url: string, blob: Blob, options: UploadOptions = {}): Promise<void> {
  const { onProgress, signal } = options;
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError('aborted', UNKNOWN_ERROR_MESSAGE));
      return;
    }
    if (!options.xhrFactory && typeof XMLHttpRequest === 'undefined') {
      reject(new ApiError('network', UNKNOWN_ERROR_MESSAGE));
      return;
    }
    const xhr: XhrLike = options.xhrFactory ? options.xhrFactory() : (new XMLHttpRequest() as XhrLike);
    let settled = false;
    const onAbortSignal = () => xhr.abort();
    const settle = (error: ApiError | null) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbortSignal);
      if (error) reject(error);
      else resolve();
    };

    xhr.open('PUT', url);
    if (blob.type !== '') xhr.setRequestHeader('Content-Type', blob.type);
    // A signed upload address carries its own authorisation: no cookies, no bearer token.
    xhr.withCredentials = false;
    xhr.timeout = options.timeoutMs ?? 0;
    xhr.upload.onprogress = (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable ? event.total : blob.size;
      onProgress({
        loaded: event.loaded,
        total,
        fraction: total > 0 ? Math.min(1, event.loaded / total) : null,
      });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        settle(null);
      } else {
        const error = errorForStatus(xhr.status, xhr.responseText);
        // For an upload, 401/403 mean the signed address expired or was refused: still an 'http' failure.
        settle(error.code === 'http' ? error : new ApiError('http', error.message, xhr.status));
      }
    };
    xhr.onerror = () => settle(new ApiError('network', UNKNOWN_ERROR_MESSAGE));
    xhr.onabort = () => settle(new ApiError('aborted', UNKNOWN_ERROR_MESSAGE));
    xhr.ontimeout = () => settle(new ApiError('timeout', UNKNOWN_ERROR_MESSAGE));
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(blob);
  });
}
