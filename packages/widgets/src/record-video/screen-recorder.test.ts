import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISPLAY_MEDIA_OPTIONS, createScreenRecorder } from './screen-recorder';
import { FakeMediaRecorder, fakeDeps, lastRecorder } from './testing/fakes';

beforeEach(() => {
  vi.useFakeTimers();
  FakeMediaRecorder.instances = [];
});
afterEach(() => vi.useRealTimers());

describe('createScreenRecorder', () => {
  it('asks for the current tab, records in 1 s chunks and counts elapsed time', async () => {
    const { deps, getDisplayMedia } = fakeDeps();
    const recorder = createScreenRecorder(deps);
    await recorder.start();
    expect(getDisplayMedia).toHaveBeenCalledWith(DISPLAY_MEDIA_OPTIONS);
    expect(DISPLAY_MEDIA_OPTIONS).toMatchObject({ video: true, preferCurrentTab: true });
    expect(lastRecorder().mimeType).toBe('video/webm;codecs=vp9');
    expect(lastRecorder().timeslice).toBe(1000);
    expect(recorder.getState()).toEqual({ status: 'recording', elapsedMs: 0 });
    const notified = vi.fn();
    recorder.subscribe(notified);
    vi.advanceTimersByTime(2100);
    expect(recorder.getState()).toMatchObject({ status: 'recording' });
    const state = recorder.getState();
    expect(state.status === 'recording' && Math.floor(state.elapsedMs / 1000)).toBe(2);
    // Once per whole second, not on every 250 ms tick.
    expect(notified).toHaveBeenCalledTimes(2);
  });

  it('stops into a Blob of every chunk with the bare container type, and releases the capture', async () => {
    const { deps, track } = fakeDeps();
    const recorder = createScreenRecorder(deps);
    await recorder.start();
    lastRecorder().emit(1000);
    vi.advanceTimersByTime(3000);
    lastRecorder().emit(500);
    recorder.stop();
    const state = recorder.getState();
    expect(state.status).toBe('stopped');
    if (state.status !== 'stopped') return;
    expect(state.recording.size).toBe(1510);
    expect(state.recording.blob.type).toBe('video/webm');
    expect(state.recording).toMatchObject({ mimetype: 'video/webm', ext: 'webm', durationMs: 3000 });
    expect(track.stop).toHaveBeenCalled();
  });

  it("ends cleanly when the browser's own 'Stop sharing' bar ends the track", async () => {
    const { deps, track } = fakeDeps();
    const recorder = createScreenRecorder(deps);
    await recorder.start();
    lastRecorder().emit(300);
    track.endFromBrowser();
    expect(recorder.getState()).toMatchObject({ status: 'stopped', recording: { size: 310 } });
  });

  it('reports a denied permission as such, without a recorder', async () => {
    const denied = new DOMException('Permission denied', 'NotAllowedError');
    const { deps } = fakeDeps({ getDisplayMedia: vi.fn(() => Promise.reject(denied)) });
    const recorder = createScreenRecorder(deps);
    await recorder.start();
    expect(recorder.getState()).toEqual({ status: 'error', problem: 'denied', error: denied });
    expect(FakeMediaRecorder.instances).toHaveLength(0);
  });

  it('says unsupported when the browser has no MediaRecorder', async () => {
    const { deps } = fakeDeps({ MediaRecorder: undefined });
    const recorder = createScreenRecorder(deps);
    await recorder.start();
    expect(recorder.getState()).toMatchObject({ status: 'error', problem: 'unsupported' });
  });

  it('drops a capture granted after a reset, and stops its tracks', async () => {
    let grant: (stream: MediaStream) => void = () => {};
    const { deps, stream, track } = fakeDeps();
    deps.getDisplayMedia = () => new Promise((resolve) => (grant = resolve));
    const recorder = createScreenRecorder(deps);
    const started = recorder.start();
    expect(recorder.getState().status).toBe('requesting');
    recorder.reset();
    grant(stream);
    await started;
    expect(recorder.getState().status).toBe('idle');
    expect(track.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
  });

  it('reset while recording stops the recorder and the capture and keeps nothing', async () => {
    const { deps, track } = fakeDeps();
    const recorder = createScreenRecorder(deps);
    await recorder.start();
    recorder.reset();
    expect(lastRecorder().state).toBe('inactive');
    expect(track.stop).toHaveBeenCalled();
    expect(recorder.getState().status).toBe('idle');
    vi.advanceTimersByTime(5000);
    expect(recorder.getState().status).toBe('idle');
  });
});
