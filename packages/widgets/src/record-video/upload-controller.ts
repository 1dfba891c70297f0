/**
 * The upload of one recording, in three steps: ask for a signed upload address, PUT the file there with
 * progress, then attach the stored file to the client request (SPEC section 7, upload-video). Free of
 * React; the API is injected. A failure at any step keeps the job, so `retry()` picks up where it can: a
 * file already stored is attached again rather than sent twice.
 */
import { createStore } from '@atrium/store';
import type { ReadableStore } from '@atrium/store';
import type { UploadOptions, UploadProgress, UploadUrlResponse, UploadedVideo } from '@atrium/api';

/** The calls this controller makes; `api` from @atrium/api fits. */
export interface UploadApi {
  requestUploadUrl(
    req: { mimetype: string; size: number; ext: string },
    options?: { signal?: AbortSignal },
  ): Promise<UploadUrlResponse>;
  uploadFile(url: string, blob: Blob, options?: UploadOptions): Promise<void>;
  uploadVideo(
    req: {
      id: number;
      data: { filepath: string; mimetype: string; size: number; ext: string };
      doc_id: number | null;
    },
    options?: { signal?: AbortSignal },
  ): Promise<{ success: boolean; video: UploadedVideo }>;
}

export interface UploadJob {
  blob: Blob;
  mimetype: string;
  ext: string;
  /** client_request_id of the chosen support request. */
  requestId: number;
  /** The document to overwrite, or null for a new one (see flow.ts for how it is chosen). */
  docId: number | null;
}

export type UploadStage = 'address' | 'transfer' | 'attach';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; stage: UploadStage; loaded: number; total: number }
  | { status: 'done'; video: UploadedVideo }
  | { status: 'failed'; stage: UploadStage; error: unknown };

export interface UploadController extends ReadableStore<UploadState> {
  /** Upload `job`; resolves when it has settled (check the state for the outcome), never rejects. */
  start(job: UploadJob): Promise<void>;
  /** Run the last failed job again. */
  retry(): Promise<void>;
  /** Cancel a running upload; the state goes back to idle and the job is kept for a later start. */
  abort(): void;
  /** Forget everything (a new recording, or the panel closed). */
  reset(): void;
}

export class UploadRefusedError extends Error {
  override readonly name = 'UploadRefusedError';
}

export function createUploadController(api: UploadApi): UploadController {
  const store = createStore<UploadState>({ status: 'idle' });
  let job: UploadJob | null = null;
  /** Set once the PUT succeeded: a retry then only repeats the attach step. */
  let storedFilepath: string | null = null;
  let running: AbortController | null = null;

  // Each state is a whole new variant of the union: replaced, never merged.
  const set = (next: UploadState) => store.setState(next, true);
  const status = () => store.getState().status;

  const run = async (current: UploadJob) => {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    const { signal } = controller;
    const total = current.blob.size;
    let stage: UploadStage = storedFilepath ? 'attach' : 'address';
    set({ status: 'uploading', stage, loaded: storedFilepath ? total : 0, total });
    try {
      let filepath = storedFilepath;
      if (filepath === null) {
        // A fresh address for every attempt: addresses are single-use, and a cut-off PUT may have used it.
        const address = await api.requestUploadUrl(
          { mimetype: current.mimetype, size: total, ext: current.ext },
          { signal },
        );
        stage = 'transfer';
        set({ status: 'uploading', stage, loaded: 0, total });
        await api.uploadFile(address.upload_url, current.blob, {
          signal,
          onProgress: (progress: UploadProgress) => {
            if (running !== controller) return;
            set({ status: 'uploading', stage: 'transfer', loaded: Math.min(progress.loaded, total), total });
          },
        });
        filepath = address.filepath;
        storedFilepath = filepath;
      }
      stage = 'attach';
      set({ status: 'uploading', stage, loaded: total, total });
      const answer = await api.uploadVideo(
        {
          id: current.requestId,
          data: { filepath, mimetype: current.mimetype, size: total, ext: current.ext },
          doc_id: current.docId,
        },
        { signal },
      );
      if (!answer.success) throw new UploadRefusedError('The server did not accept the video');
      if (running === controller) {
        running = null;
        set({ status: 'done', video: answer.video });
      }
    } catch (error) {
      // An abort (ours, or a reset) already moved the state on: do not report it as a failure.
      if (running !== controller || signal.aborted) return;
      running = null;
      set({ status: 'failed', stage, error });
    }
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start(next) {
      if (status() === 'uploading') return Promise.resolve();
      if (job === null || job.blob !== next.blob || job.requestId !== next.requestId) storedFilepath = null;
      job = next;
      return run(next);
    },
    retry() {
      if (status() !== 'failed' || job === null) return Promise.resolve();
      return run(job);
    },
    abort() {
      if (status() !== 'uploading') return;
      const current = running;
      running = null;
      current?.abort();
      set({ status: 'idle' });
    },
    reset() {
      const current = running;
      running = null;
      current?.abort();
      job = null;
      storedFilepath = null;
      if (status() !== 'idle') set({ status: 'idle' });
    },
  };
}
