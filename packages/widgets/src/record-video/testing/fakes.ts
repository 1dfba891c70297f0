/** Test doubles for the browser's capture APIs and the API client (used by the vitest suites only). */
import { vi } from 'vitest';
import type { ClientSupportRequest, UploadOptions, UploadUrlResponse, UploadedVideo } from '@atrium/api';
import type { FlowApi, FlowDeps } from '../flow';
import type { MediaRecorderCtor, MediaRecorderLike } from '../screen-recorder';

export class FakeTrack extends EventTarget {
  readyState: 'live' | 'ended' = 'live';
  stop = vi.fn(() => {
    this.readyState = 'ended';
  });
  /** What the browser's 'Stop sharing' bar does: the track ends and says so. */
  endFromBrowser() {
    this.readyState = 'ended';
    this.dispatchEvent(new Event('ended'));
  }
}

export function fakeStream(track = new FakeTrack()): { stream: MediaStream; track: FakeTrack } {
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
}

export class FakeMediaRecorder implements MediaRecorderLike {
  static instances: FakeMediaRecorder[] = [];
  static supported = new Set(['video/webm;codecs=vp9', 'video/webm']);
  static isTypeSupported(type: string) {
    return FakeMediaRecorder.supported.has(type);
  }
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  timeslice: number | undefined;
  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'video/webm';
    FakeMediaRecorder.instances.push(this);
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  /** Emit a chunk of `bytes` bytes, as the encoder does every timeslice. */
  emit(bytes: number) {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes)], { type: this.mimeType }) });
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.emit(10);
    this.onstop?.();
  }
}

export const REQUESTS: ClientSupportRequest[] = [
  { client_request_id: 4101, has_draft_document: false, display: '#4101 Gradebook totals' },
  { client_request_id: 4102, has_draft_document: true, display: '#4102 Exam timer (has a draft document)' },
];

export function video(size: number): UploadedVideo {
  return { filepath: 'support/abc.webm', mimetype: 'video/webm', size, ext: 'webm', uploaded_doc_id: 7001 };
}

/** A scriptable API: each call is a vi.fn whose default answers succeed. */
export function fakeApi() {
  const api = {
    recentSupportRequests: vi.fn<FlowApi['recentSupportRequests']>(async () => REQUESTS),
    requestUploadUrl: vi.fn(async (req: { size: number }): Promise<UploadUrlResponse> => ({
      upload_url: `/uploads/token-${req.size}`,
      filepath: 'support/abc.webm',
      expires_at: '2030-01-01T00:00:00Z',
    })),
    uploadFile: vi.fn(async (_url: string, blob: Blob, options?: UploadOptions) => {
      options?.onProgress?.({ loaded: blob.size / 2, total: blob.size, fraction: 0.5 });
      options?.onProgress?.({ loaded: blob.size, total: blob.size, fraction: 1 });
    }),
    uploadVideo: vi.fn(async (req: { data: { size: number }; doc_id: number | null }) => ({
      success: true,
      video: video(req.data.size),
    })),
  };
  return api;
}

/** Deps with fake timers from vitest (`vi.useFakeTimers()` must be on) and the fakes above. */
export function fakeDeps(overrides: Partial<FlowDeps> = {}) {
  const api = fakeApi();
  const { stream, track } = fakeStream();
  const getDisplayMedia = vi.fn(async (_options: DisplayMediaStreamOptions) => stream);
  const createObjectURL = vi.fn((_blob: Blob) => `blob:fake/${Math.random().toString(36).slice(2)}`);
  const revokeObjectURL = vi.fn((_url: string) => {});
  const logError = vi.fn((_message: string, _error: unknown) => {});
  const deps: FlowDeps = {
    api: api as unknown as FlowApi,
    getDisplayMedia,
    MediaRecorder: FakeMediaRecorder as unknown as MediaRecorderCtor,
    now: () => Date.now(),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    createObjectURL,
    revokeObjectURL,
    logError,
    ...overrides,
  };
  return { deps, api, track, stream, getDisplayMedia, createObjectURL, revokeObjectURL, logError };
}

export function lastRecorder(): FakeMediaRecorder {
  const recorder = FakeMediaRecorder.instances.at(-1);
  if (!recorder) throw new Error('no MediaRecorder was created');
  return recorder;
}
