/**
 * The whole record-video flow as one framework-free store (SPEC section 2 'Record-video for support',
 * section 8 and 9): load the recent support requests, open the selector 200 ms after they arrive, confirm
 * a request with a draft document, record, preview, upload. It composes the screen recorder and the upload
 * controller and owns the object URL of the recording. Every side effect is injected (`FlowDeps`).
 */
import type { ClientSupportRequest, UploadedVideo } from '@atrium/api';
import { createStore } from '@atrium/store';
import type { ReadableStore } from '@atrium/store';
import { videoFileName } from './format';
import { createScreenRecorder } from './screen-recorder';
import type { RecorderState, Recording, ScreenRecorderDeps } from './screen-recorder';
import { createUploadController } from './upload-controller';
import type { UploadApi, UploadState } from './upload-controller';

/** SPEC section 9: the support-request selector opens 200 ms after loading. */
export const SELECTOR_DELAY_MS = 200;

export interface FlowApi extends UploadApi {
  recentSupportRequests(options?: { signal?: AbortSignal }): Promise<ClientSupportRequest[]>;
}

export interface FlowDeps extends ScreenRecorderDeps {
  api: FlowApi;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
  /** SPEC section 8: a video upload error is logged to the console. */
  logError: (message: string, error: unknown) => void;
}

export type FlowStep =
  /** Nothing open: only the toolbar button. */
  | 'idle'
  /** Waiting for the recent requests (and the 200 ms after them). */
  | 'loading'
  | 'load-failed'
  | 'selecting'
  /** SPEC section 8 'Request draft has document'. */
  | 'confirm-draft'
  /** A request is chosen: the recording panel is open. */
  | 'session';

export interface SavedRecording extends Recording {
  url: string;
  fileName: string;
}

export interface FlowState {
  step: FlowStep;
  requests: readonly ClientSupportRequest[];
  loadError: unknown;
  /** The request waiting for the draft confirmation. */
  pending: ClientSupportRequest | null;
  /** The chosen request the video is for. */
  request: ClientSupportRequest | null;
  docId: number | null;
  recorder: RecorderState;
  recording: SavedRecording | null;
  upload: UploadState;
  /** The last video stored against the request during this session (shown after a success). */
  uploaded: UploadedVideo | null;
}

export interface RecordVideoFlow extends ReadableStore<FlowState> {
  open(): void;
  /** Close the selector (or the whole flow when nothing has been recorded yet). */
  cancelSelection(): void;
  choose(request: ClientSupportRequest): void;
  confirmDraft(): void;
  cancelDraft(): void;
  startRecording(): Promise<void>;
  stopRecording(): void;
  upload(): Promise<void>;
  retryUpload(): Promise<void>;
  cancelUpload(): void;
  /** Drop the recording and go back to 'Start recording' for the same request. */
  recordAgain(): void;
  /** Close the panel and drop everything (stops capture, cancels an upload, revokes the URL). */
  close(): void;
  /** Release every resource; the store stays usable (React StrictMode mounts effects twice). */
  dispose(): void;
}

const initialState = (recorder: RecorderState, upload: UploadState): FlowState => ({
  step: 'idle',
  requests: [],
  loadError: null,
  pending: null,
  request: null,
  docId: null,
  recorder,
  recording: null,
  upload,
  uploaded: null,
});

export function createRecordVideoFlow(deps: FlowDeps): RecordVideoFlow {
  const recorder = createScreenRecorder(deps);
  const uploader = createUploadController(deps.api);
  const store = createStore(initialState(recorder.getState(), uploader.getState()));
  let loading: AbortController | null = null;
  let openTimer: unknown = null;

  const set = (patch: Partial<FlowState>) => store.setState(patch);

  const dropRecording = () => {
    const { recording } = store.getState();
    if (recording) deps.revokeObjectURL(recording.url);
  };

  recorder.subscribe(() => {
    const next = recorder.getState();
    const { request } = store.getState();
    if (next.status === 'stopped' && request) {
      // The object URL serves both the preview and 'Save locally'; it lives until the recording is dropped.
      dropRecording();
      const url = deps.createObjectURL(next.recording.blob);
      const fileName = videoFileName(request.client_request_id, new Date(deps.now()), next.recording.ext);
      set({ recorder: next, recording: { ...next.recording, url, fileName } });
      return;
    }
    if (next.status === 'error' && next.problem !== 'denied') {
      deps.logError('Screen recording failed', next.error);
    }
    set({ recorder: next });
  });

  uploader.subscribe(() => {
    const next = uploader.getState();
    if (next.status === 'failed') deps.logError('Video upload failed', next.error);
    set({ upload: next, ...(next.status === 'done' ? { uploaded: next.video } : {}) });
  });

  const cancelLoading = () => {
    loading?.abort();
    loading = null;
    if (openTimer !== null) deps.clearTimeout(openTimer);
    openTimer = null;
  };

  const resetAll = () => {
    cancelLoading();
    recorder.reset();
    uploader.reset();
    dropRecording();
    store.setState(initialState(recorder.getState(), uploader.getState()), true);
  };

  const beginSession = (request: ClientSupportRequest, docId: number | null) => {
    set({ step: 'session', pending: null, request, docId });
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,

    open() {
      // One flow at a time: while a recording session is open the button does not start another.
      if (store.getState().step !== 'idle' && store.getState().step !== 'load-failed') return;
      cancelLoading();
      const controller = new AbortController();
      loading = controller;
      set({ step: 'loading', loadError: null, requests: [] });
      deps.api.recentSupportRequests({ signal: controller.signal }).then(
        (requests) => {
          if (loading !== controller) return;
          loading = null;
          openTimer = deps.setTimeout(() => {
            openTimer = null;
            set({ step: 'selecting', requests });
          }, SELECTOR_DELAY_MS);
        },
        (error: unknown) => {
          if (loading !== controller) return;
          loading = null;
          deps.logError('Loading the recent support requests failed', error);
          set({ step: 'load-failed', loadError: error });
        },
      );
    },

    cancelSelection() {
      if (
        store.getState().step === 'loading' ||
        store.getState().step === 'selecting' ||
        store.getState().step === 'load-failed'
      )
        resetAll();
    },

    choose(request) {
      if (store.getState().step !== 'selecting') return;
      if (request.has_draft_document) {
        set({ step: 'confirm-draft', pending: request });
        return;
      }
      beginSession(request, null);
    },

    confirmDraft() {
      const { step, pending } = store.getState();
      if (step !== 'confirm-draft' || !pending) return;
      /*
       * doc_id stays null here too: the request list carries no id of the draft document (SPEC section 3:
       * client_request_id, has_draft_document, display), so there is no id to name. Proceeding is the
       * user's consent to what SPEC section 8 describes (upload may overwrite the draft; 'Save locally'
       * never touches it); which document the server then replaces is its business.
       */
      beginSession(pending, null);
    },

    cancelDraft() {
      // SPEC section 8: Cancel changes nothing: back to the list, no request chosen.
      if (store.getState().step === 'confirm-draft') set({ step: 'selecting', pending: null });
    },

    startRecording() {
      const { step, recording } = store.getState();
      if (step !== 'session' || recording) return Promise.resolve();
      return recorder.start();
    },

    stopRecording() {
      recorder.stop();
    },

    upload() {
      const state = store.getState();
      const { recording, request } = state;
      if (state.step !== 'session' || !recording || !request) return Promise.resolve();
      return uploader.start({
        blob: recording.blob,
        mimetype: recording.mimetype,
        ext: recording.ext,
        requestId: request.client_request_id,
        // A second upload in the same session (after 'Record again') replaces the document the first one
        // created, rather than piling up near-identical videos on the request.
        docId: state.uploaded?.uploaded_doc_id ?? state.docId,
      });
    },

    retryUpload() {
      return uploader.retry();
    },

    cancelUpload() {
      uploader.abort();
    },

    recordAgain() {
      if (store.getState().step !== 'session') return;
      recorder.reset();
      uploader.reset();
      dropRecording();
      set({ recording: null, recorder: recorder.getState(), upload: uploader.getState() });
    },

    close: resetAll,
    dispose: resetAll,
  };
}
