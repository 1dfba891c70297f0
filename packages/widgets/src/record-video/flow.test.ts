import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@atrium/api';
import { SELECTOR_DELAY_MS, createRecordVideoFlow } from './flow';
import { FakeMediaRecorder, REQUESTS, fakeDeps, lastRecorder } from './testing/fakes';

beforeEach(() => {
  vi.useFakeTimers();
  FakeMediaRecorder.instances = [];
});
afterEach(() => vi.useRealTimers());

async function chosen(requestIndex = 0) {
  const setup = fakeDeps();
  const flow = createRecordVideoFlow(setup.deps);
  flow.open();
  await vi.advanceTimersByTimeAsync(SELECTOR_DELAY_MS);
  flow.choose(REQUESTS[requestIndex]!);
  return { ...setup, flow };
}

describe('createRecordVideoFlow', () => {
  it('opens the selector 200 ms after the recent requests arrive, not before', async () => {
    const { deps, api } = fakeDeps();
    const flow = createRecordVideoFlow(deps);
    flow.open();
    expect(flow.getState().step).toBe('loading');
    await vi.advanceTimersByTimeAsync(SELECTOR_DELAY_MS - 1);
    expect(api.recentSupportRequests).toHaveBeenCalledTimes(1);
    expect(flow.getState().step).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(flow.getState()).toMatchObject({ step: 'selecting', requests: REQUESTS });
  });

  it('a failed load is logged and offers a retry', async () => {
    const { deps, api, logError } = fakeDeps();
    api.recentSupportRequests.mockRejectedValueOnce(new ApiError('network', 'x'));
    const flow = createRecordVideoFlow(deps);
    flow.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.getState().step).toBe('load-failed');
    expect(logError).toHaveBeenCalled();
    flow.open();
    await vi.advanceTimersByTimeAsync(SELECTOR_DELAY_MS);
    expect(flow.getState().step).toBe('selecting');
  });

  it('asks before going on with a request that has a draft; Cancel changes nothing', async () => {
    const { flow } = await chosen(1);
    expect(flow.getState()).toMatchObject({ step: 'confirm-draft', request: null });
    flow.cancelDraft();
    expect(flow.getState()).toMatchObject({ step: 'selecting', request: null, pending: null });
    flow.choose(REQUESTS[1]!);
    flow.confirmDraft();
    expect(flow.getState()).toMatchObject({ step: 'session', request: REQUESTS[1], docId: null });
  });

  it('a request without a draft goes straight to the recording panel', async () => {
    const { flow } = await chosen(0);
    expect(flow.getState()).toMatchObject({ step: 'session', request: REQUESTS[0] });
  });

  it('records, previews through one object URL, uploads against the chosen request', async () => {
    const { flow, api, createObjectURL } = await chosen(0);
    await flow.startRecording();
    lastRecorder().emit(990);
    await vi.advanceTimersByTimeAsync(2000);
    flow.stopRecording();
    const { recording } = flow.getState();
    expect(recording).toMatchObject({ size: 1000, mimetype: 'video/webm', ext: 'webm' });
    expect(recording?.fileName).toMatch(/^support-request-4101-.*\.webm$/);
    expect(createObjectURL).toHaveBeenCalledWith(recording?.blob);
    await flow.upload();
    expect(api.uploadVideo).toHaveBeenCalledWith(
      {
        id: 4101,
        data: expect.objectContaining({ size: 1000, mimetype: 'video/webm', ext: 'webm' }),
        doc_id: null,
      },
      expect.any(Object),
    );
    expect(flow.getState()).toMatchObject({
      upload: { status: 'done' },
      uploaded: { uploaded_doc_id: 7001 },
    });
    // Still there after the upload, for 'Save locally'.
    expect(flow.getState().recording?.url).toBe(recording?.url);
  });

  it('keeps the recording when the upload fails, logs the error, and Retry succeeds', async () => {
    const { flow, api, logError, revokeObjectURL } = await chosen(0);
    await flow.startRecording();
    flow.stopRecording();
    const error = new ApiError('network', 'lost');
    api.uploadFile.mockRejectedValueOnce(error);
    await flow.upload();
    expect(flow.getState()).toMatchObject({ upload: { status: 'failed', stage: 'transfer' } });
    expect(flow.getState().recording).not.toBeNull();
    expect(logError).toHaveBeenCalledWith('Video upload failed', error);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    await flow.retryUpload();
    expect(flow.getState().upload.status).toBe('done');
  });

  it('a denied permission is shown, not logged as a crash, and recording can be tried again', async () => {
    const { flow, deps, logError } = await chosen(0);
    const getDisplayMedia = vi.mocked(deps.getDisplayMedia!);
    getDisplayMedia.mockRejectedValueOnce(new DOMException('no', 'NotAllowedError'));
    await flow.startRecording();
    expect(flow.getState().recorder).toMatchObject({ status: 'error', problem: 'denied' });
    expect(logError).not.toHaveBeenCalled();
    await flow.startRecording();
    expect(flow.getState().recorder.status).toBe('recording');
  });

  it('Record again and close revoke the object URL; dispose stops the capture', async () => {
    const { flow, revokeObjectURL, track } = await chosen(0);
    await flow.startRecording();
    flow.stopRecording();
    const url = flow.getState().recording?.url;
    flow.recordAgain();
    expect(revokeObjectURL).toHaveBeenCalledWith(url);
    expect(flow.getState()).toMatchObject({ step: 'session', recording: null, recorder: { status: 'idle' } });
    await flow.startRecording();
    track.stop.mockClear();
    flow.dispose();
    expect(track.stop).toHaveBeenCalled();
    expect(flow.getState().step).toBe('idle');
  });
});

describe('doc_id', () => {
  it('a second upload after Record again replaces the document the first one created', async () => {
    vi.useFakeTimers();
    const { flow, api } = await chosen(0);
    await flow.startRecording();
    flow.stopRecording();
    await flow.upload();
    flow.recordAgain();
    await flow.startRecording();
    flow.stopRecording();
    await flow.upload();
    expect(api.uploadVideo.mock.calls.map(([req]) => req.doc_id)).toEqual([null, 7001]);
  });
});
