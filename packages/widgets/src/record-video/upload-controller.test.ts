import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@atrium/api';
import type { UploadOptions } from '@atrium/api';
import { createUploadController } from './upload-controller';
import type { UploadApi, UploadState } from './upload-controller';
import { fakeApi } from './testing/fakes';

const blob = new Blob([new Uint8Array(2000)], { type: 'video/webm' });
const job = { blob, mimetype: 'video/webm', ext: 'webm', requestId: 4101, docId: null };

function setup() {
  const api = fakeApi();
  const controller = createUploadController(api as unknown as UploadApi);
  const seen: UploadState[] = [];
  controller.subscribe(() => seen.push(controller.getState()));
  return { api, controller, seen };
}

describe('createUploadController', () => {
  it('asks for an address, PUTs with progress, then attaches the file to the request', async () => {
    const { api, controller, seen } = setup();
    await controller.start(job);
    expect(api.requestUploadUrl).toHaveBeenCalledWith(
      { mimetype: 'video/webm', size: 2000, ext: 'webm' },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(api.uploadFile).toHaveBeenCalledWith('/uploads/token-2000', blob, expect.any(Object));
    expect(api.uploadVideo).toHaveBeenCalledWith(
      {
        id: 4101,
        data: { filepath: 'support/abc.webm', mimetype: 'video/webm', size: 2000, ext: 'webm' },
        doc_id: null,
      },
      expect.any(Object),
    );
    expect(
      seen
        .filter((s) => s.status === 'uploading' && s.stage === 'transfer')
        .map((s) => 'loaded' in s && s.loaded),
    ).toEqual([0, 1000, 2000]);
    expect(controller.getState()).toMatchObject({
      status: 'done',
      video: { size: 2000, uploaded_doc_id: 7001 },
    });
  });

  it('keeps the job when the PUT is cut off, and Retry asks for a fresh single-use address', async () => {
    const { api, controller } = setup();
    api.uploadFile.mockImplementationOnce(async (_url: string, b: Blob, options?: UploadOptions) => {
      options?.onProgress?.({ loaded: b.size / 2, total: b.size, fraction: 0.5 });
      throw new ApiError('network', 'lost');
    });
    await controller.start(job);
    expect(controller.getState()).toMatchObject({ status: 'failed', stage: 'transfer' });
    await controller.retry();
    expect(api.requestUploadUrl).toHaveBeenCalledTimes(2);
    expect(api.uploadFile).toHaveBeenCalledTimes(2);
    expect(api.uploadVideo).toHaveBeenCalledTimes(1);
    expect(controller.getState().status).toBe('done');
  });

  it('does not send the file twice when only the attach step failed', async () => {
    const { api, controller } = setup();
    api.uploadVideo.mockRejectedValueOnce(new ApiError('http', 'Server error', 500));
    await controller.start(job);
    expect(controller.getState()).toMatchObject({ status: 'failed', stage: 'attach' });
    await controller.retry();
    expect(api.uploadFile).toHaveBeenCalledTimes(1);
    expect(api.uploadVideo).toHaveBeenCalledTimes(2);
    expect(controller.getState().status).toBe('done');
  });

  it('abort cancels the PUT through its signal and goes back to idle, not failed', async () => {
    const { api, controller } = setup();
    let signal: AbortSignal | undefined;
    api.uploadFile.mockImplementationOnce(
      (_url: string, _b: Blob, options?: UploadOptions) =>
        new Promise<void>((_resolve, reject) => {
          signal = options?.signal;
          options?.signal?.addEventListener('abort', () => reject(new ApiError('aborted', 'aborted')));
        }),
    );
    const running = controller.start(job);
    await vi.waitFor(() => expect(signal).toBeDefined());
    controller.abort();
    await running;
    expect(signal?.aborted).toBe(true);
    expect(controller.getState()).toEqual({ status: 'idle' });
    expect(api.uploadVideo).not.toHaveBeenCalled();
    // Starting again works from scratch.
    await controller.start(job);
    expect(controller.getState().status).toBe('done');
  });

  it('treats success:false from the server as a failure', async () => {
    const { api, controller } = setup();
    api.uploadVideo.mockResolvedValueOnce({
      success: false,
      video: { filepath: '', mimetype: '', size: 0, ext: '', uploaded_doc_id: 0 },
    });
    await controller.start(job);
    expect(controller.getState()).toMatchObject({ status: 'failed', stage: 'attach' });
  });
});
