import { describe, expect, it, vi } from 'vitest';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from './errors.js';
import { uploadFile } from './upload.js';
import type { UploadProgress, XhrLike } from './upload.js';

/** An XMLHttpRequest double the test drives by hand: progress, load, error, abort, timeout. */
class FakeXhr implements XhrLike {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: Blob | null = null;
  aborted = false;
  status = 0;
  responseText = '';
  timeout = 0;
  withCredentials = true;
  upload: XhrLike['upload'] = { onprogress: null };
  onload: XhrLike['onload'] = null;
  onerror: XhrLike['onerror'] = null;
  onabort: XhrLike['onabort'] = null;
  ontimeout: XhrLike['ontimeout'] = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.(event());
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent);
  }
  respond(status: number, body = '') {
    this.status = status;
    this.responseText = body;
    this.onload?.(event());
  }
  fail() {
    this.onerror?.(event());
  }
}
const event = () => ({}) as ProgressEvent;

function setup() {
  const xhrs: FakeXhr[] = [];
  const xhrFactory = () => {
    const xhr = new FakeXhr();
    xhrs.push(xhr);
    return xhr;
  };
  return { xhrs, xhrFactory };
}

const video = new Blob(['0123456789'], { type: 'video/webm' });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('uploadFile', () => {
  it('PUTs the blob with its type, reports progress and resolves on 2xx', async () => {
    const { xhrs, xhrFactory } = setup();
    const progress: UploadProgress[] = [];
    const done = uploadFile('/upload/abc', video, { xhrFactory, onProgress: (p) => progress.push(p) });
    const xhr = xhrs[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/upload/abc');
    expect(xhr.headers['Content-Type']).toBe('video/webm');
    expect(xhr.sent).toBe(video);
    expect(xhr.withCredentials).toBe(false);
    xhr.progress(3, 10);
    xhr.progress(10, 10);
    xhr.respond(204);
    await expect(done).resolves.toBeUndefined();
    expect(progress).toEqual([
      { loaded: 3, total: 10, fraction: 0.3 },
      { loaded: 10, total: 10, fraction: 1 },
    ]);
  });

  it('falls back to the blob size when the total is not computable', async () => {
    const { xhrs, xhrFactory } = setup();
    const onProgress = vi.fn();
    const done = uploadFile('/u', video, { xhrFactory, onProgress });
    xhrs[0]!.progress(5, 0, false);
    xhrs[0]!.respond(200);
    await done;
    expect(onProgress).toHaveBeenCalledWith({ loaded: 5, total: 10, fraction: 0.5 });
  });

  it('omits Content-Type for an untyped blob', async () => {
    const { xhrs, xhrFactory } = setup();
    const done = uploadFile('/u', new Blob(['x']), { xhrFactory });
    expect(xhrs[0]!.headers).toEqual({});
    xhrs[0]!.respond(201);
    await done;
  });

  it('rejects with aborted when the signal fires, and aborts the request', async () => {
    const { xhrs, xhrFactory } = setup();
    const controller = new AbortController();
    const done = uploadFile('/u', video, { xhrFactory, signal: controller.signal });
    xhrs[0]!.progress(2, 10);
    controller.abort();
    expect(xhrs[0]!.aborted).toBe(true);
    expect(await rejection(done)).toMatchObject({ code: 'aborted', message: UNKNOWN_ERROR_MESSAGE });
  });

  it('never opens a request when the signal is already aborted', async () => {
    const { xhrs, xhrFactory } = setup();
    const controller = new AbortController();
    controller.abort();
    expect((await rejection(uploadFile('/u', video, { xhrFactory, signal: controller.signal }))).code).toBe(
      'aborted',
    );
    expect(xhrs).toHaveLength(0);
  });

  it('rejects with network on a connection error', async () => {
    const { xhrs, xhrFactory } = setup();
    const done = uploadFile('/u', video, { xhrFactory });
    xhrs[0]!.fail();
    expect(await rejection(done)).toMatchObject({
      code: 'network',
      status: 0,
      message: UNKNOWN_ERROR_MESSAGE,
    });
  });

  it('rejects with timeout when the XHR times out', async () => {
    const { xhrs, xhrFactory } = setup();
    const done = uploadFile('/u', video, { xhrFactory, timeoutMs: 1000 });
    expect(xhrs[0]!.timeout).toBe(1000);
    xhrs[0]!.ontimeout?.(event());
    expect((await rejection(done)).code).toBe('timeout');
  });

  it.each([
    [
      413,
      JSON.stringify({ error: { code: 'too-large', message: 'The video is too large.' } }),
      'The video is too large.',
    ],
    [500, '<html>oops</html>', UNKNOWN_ERROR_MESSAGE],
    [403, '', UNKNOWN_ERROR_MESSAGE],
  ])('rejects a %i with http and the sane server message', async (status, body, message) => {
    const { xhrs, xhrFactory } = setup();
    const done = uploadFile('/u', video, { xhrFactory });
    xhrs[0]!.respond(status, body);
    expect(await rejection(done)).toMatchObject({ code: 'http', status, message });
  });

  it('a failed upload is retried by calling again, with a fresh request', async () => {
    const { xhrs, xhrFactory } = setup();
    const first = uploadFile('/u', video, { xhrFactory });
    xhrs[0]!.fail();
    expect((await rejection(first)).code).toBe('network');
    const second = uploadFile('/u', video, { xhrFactory });
    expect(xhrs).toHaveLength(2);
    expect(xhrs[1]).not.toBe(xhrs[0]);
    xhrs[1]!.respond(200);
    await expect(second).resolves.toBeUndefined();
  });

  it('settles once: an abort after success changes nothing', async () => {
    const { xhrs, xhrFactory } = setup();
    const controller = new AbortController();
    const done = uploadFile('/u', video, { xhrFactory, signal: controller.signal });
    xhrs[0]!.respond(200);
    controller.abort();
    await expect(done).resolves.toBeUndefined();
    expect(xhrs[0]!.aborted).toBe(false);
  });
});
