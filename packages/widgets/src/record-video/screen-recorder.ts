/**
 * Screen recording as a small state machine, free of React: idle -> requesting (the browser's picker) ->
 * recording -> stopping -> stopped (a Blob), or error. MediaDevices, MediaRecorder and the clock are
 * injected, so tests drive every transition, including the browser's own 'Stop sharing' bar.
 */
import { createStore } from '@atrium/store';
import type { ReadableStore } from '@atrium/store';
import { formatOfRecording, pickRecordingFormat } from './format';
import type { VideoExt } from './format';

/** The part of MediaRecorder this module uses. */
export interface MediaRecorderLike {
  readonly state: 'inactive' | 'recording' | 'paused';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
  onerror: ((event: unknown) => void) | null;
  start(timesliceMs?: number): void;
  stop(): void;
}

export interface MediaRecorderCtor {
  new (stream: MediaStream, options?: { mimeType?: string }): MediaRecorderLike;
  isTypeSupported?(type: string): boolean;
}

export interface ScreenRecorderDeps {
  getDisplayMedia: ((options: DisplayMediaStreamOptions) => Promise<MediaStream>) | undefined;
  MediaRecorder: MediaRecorderCtor | undefined;
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
}

/** Why a recording could not start or went wrong; the panel turns each into words. */
export type RecorderProblem = 'denied' | 'unsupported' | 'no-source' | 'empty' | 'failed';

export interface Recording {
  blob: Blob;
  mimetype: string;
  ext: VideoExt;
  size: number;
  durationMs: number;
}

export type RecorderState =
  | { status: 'idle' }
  | { status: 'requesting' }
  | { status: 'recording'; elapsedMs: number }
  | { status: 'stopping'; elapsedMs: number }
  | { status: 'stopped'; recording: Recording }
  | { status: 'error'; problem: RecorderProblem; error: unknown };

export interface ScreenRecorder extends ReadableStore<RecorderState> {
  /** Must run inside a user gesture: browsers refuse getDisplayMedia otherwise. */
  start(): Promise<void>;
  stop(): void;
  /** Back to idle: stops capture, drops chunks, forgets any recording. */
  reset(): void;
}

/**
 * The current tab is what a support video wants (the user reproduces the problem right here), so it is
 * offered first; the user can still pick another surface in the browser's picker.
 */
export const DISPLAY_MEDIA_OPTIONS = {
  video: true,
  audio: false,
  preferCurrentTab: true,
  selfBrowserSurface: 'include',
} as DisplayMediaStreamOptions;

/** Chunks every second, so a long recording never sits in one huge buffer inside the encoder. */
const TIMESLICE_MS = 1000;
/** The indicator shows whole seconds; a 250 ms tick keeps it within a quarter second of the truth. */
const TICK_MS = 250;

export function problemOf(error: unknown): RecorderProblem {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-source';
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  return 'failed';
}

export function createScreenRecorder(deps: ScreenRecorderDeps): ScreenRecorder {
  const store = createStore<RecorderState>({ status: 'idle' });
  // Bumped on every reset: an answer from an older getDisplayMedia call is then dropped, not recorded.
  let generation = 0;
  let stream: MediaStream | null = null;
  let recorder: MediaRecorderLike | null = null;
  let timer: unknown = null;
  let startedAt = 0;

  // Each state is a whole new variant of the union: replaced, never merged.
  const set = (next: RecorderState) => store.setState(next, true);

  const stopTimer = () => {
    if (timer !== null) deps.clearInterval(timer);
    timer = null;
  };

  const releaseStream = () => {
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
  };

  const stop = () => {
    if (store.getState().status !== 'recording') return;
    const elapsedMs = deps.now() - startedAt;
    stopTimer();
    set({ status: 'stopping', elapsedMs });
    // The recorder may already be inactive: when every track ends, MediaRecorder stops by itself and its
    // 'stop' event (handled in start) finishes the job.
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  };

  const start = async () => {
    const { status } = store.getState();
    if (status === 'requesting' || status === 'recording' || status === 'stopping') return;
    const Recorder = deps.MediaRecorder;
    if (!deps.getDisplayMedia || !Recorder) {
      set({ status: 'error', problem: 'unsupported', error: new Error('Screen recording is not supported') });
      return;
    }
    const mine = ++generation;
    set({ status: 'requesting' });
    let captured: MediaStream;
    try {
      captured = await deps.getDisplayMedia(DISPLAY_MEDIA_OPTIONS);
    } catch (error) {
      if (mine === generation) set({ status: 'error', problem: problemOf(error), error });
      return;
    }
    if (mine !== generation) {
      captured.getTracks().forEach((track) => track.stop());
      return;
    }
    stream = captured;
    const format = pickRecordingFormat(Recorder.isTypeSupported?.bind(Recorder));
    const chunks: Blob[] = [];
    let active: MediaRecorderLike;
    try {
      active = new Recorder(captured, format.recorderMimeType ? { mimeType: format.recorderMimeType } : {});
    } catch (error) {
      releaseStream();
      set({ status: 'error', problem: problemOf(error), error });
      return;
    }
    recorder = active;
    active.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    active.onerror = (event) => {
      if (mine !== generation) return;
      stopTimer();
      releaseStream();
      recorder = null;
      const error = (event as { error?: unknown }).error ?? event;
      set({ status: 'error', problem: 'failed', error });
    };
    active.onstop = () => {
      if (mine !== generation || recorder !== active) return;
      const state = store.getState();
      const durationMs = state.status === 'stopping' ? state.elapsedMs : deps.now() - startedAt;
      stopTimer();
      releaseStream();
      recorder = null;
      const { mimetype, ext } = formatOfRecording(active.mimeType, format);
      const blob = new Blob(chunks, { type: mimetype });
      if (blob.size === 0) {
        set({ status: 'error', problem: 'empty', error: new Error('The recording is empty') });
        return;
      }
      set({ status: 'stopped', recording: { blob, mimetype, ext, size: blob.size, durationMs } });
    };
    // The browser's own 'Stop sharing' bar ends the track, not the recorder: treat it as Stop.
    captured.getVideoTracks().forEach((track) => track.addEventListener('ended', stop, { once: true }));
    try {
      active.start(TIMESLICE_MS);
    } catch (error) {
      releaseStream();
      recorder = null;
      set({ status: 'error', problem: problemOf(error), error });
      return;
    }
    startedAt = deps.now();
    set({ status: 'recording', elapsedMs: 0 });
    timer = deps.setInterval(() => {
      const state = store.getState();
      if (state.status !== 'recording') return;
      const elapsedMs = deps.now() - startedAt;
      // Notify only when the shown second changes: React re-renders once a second, not four times.
      if (Math.floor(elapsedMs / 1000) !== Math.floor(state.elapsedMs / 1000)) {
        set({ status: 'recording', elapsedMs });
      }
    }, TICK_MS);
  };

  const reset = () => {
    generation += 1;
    stopTimer();
    const current = recorder;
    recorder = null;
    if (current) {
      current.ondataavailable = null;
      current.onstop = null;
      current.onerror = null;
      if (current.state !== 'inactive') current.stop();
    }
    releaseStream();
    if (store.getState().status !== 'idle') set({ status: 'idle' });
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start,
    stop,
    reset,
  };
}
