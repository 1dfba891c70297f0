/** Pure helpers of the record-video flow: no DOM, no timers. */

export type VideoExt = 'webm' | 'mp4';

export interface RecordingFormat {
  /**
   * What MediaRecorder is asked for (may carry codecs), or '' to let the browser choose. The upload
   * declares the bare container type instead (see `baseMimetype`).
   */
  recorderMimeType: string;
  mimetype: string;
  ext: VideoExt;
}

/**
 * Preferred first: VP9 webm is compact for screen content; mp4 is what Safari records. The server accepts
 * exactly video/webm and video/mp4 (UploadUrlRequestSchema), so nothing else is ever offered.
 */
const CANDIDATES: readonly { recorderMimeType: string; mimetype: string; ext: VideoExt }[] = [
  { recorderMimeType: 'video/webm;codecs=vp9', mimetype: 'video/webm', ext: 'webm' },
  { recorderMimeType: 'video/webm;codecs=vp8', mimetype: 'video/webm', ext: 'webm' },
  { recorderMimeType: 'video/webm', mimetype: 'video/webm', ext: 'webm' },
  { recorderMimeType: 'video/mp4', mimetype: 'video/mp4', ext: 'mp4' },
];

/** The first container the browser can record, or webm with the browser's own choice of codec. */
export function pickRecordingFormat(
  isTypeSupported: ((type: string) => boolean) | undefined,
): RecordingFormat {
  for (const candidate of CANDIDATES) {
    if (isTypeSupported?.(candidate.recorderMimeType)) return { ...candidate };
  }
  return { recorderMimeType: '', mimetype: 'video/webm', ext: 'webm' };
}

/**
 * 'video/webm;codecs=vp9' -> 'video/webm'. The stored mimetype is the container: codecs parameters are a
 * detail of one recording, and a bare type is what the Content-Type of the upload and the server agree on.
 */
export function baseMimetype(type: string): string {
  return type.split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/** The format a finished recording really has: the recorder's own mimeType wins over what was asked. */
export function formatOfRecording(
  actualType: string,
  asked: RecordingFormat,
): { mimetype: string; ext: VideoExt } {
  const base = baseMimetype(actualType);
  if (base === 'video/mp4') return { mimetype: base, ext: 'mp4' };
  if (base === 'video/webm') return { mimetype: base, ext: 'webm' };
  return { mimetype: asked.mimetype, ext: asked.ext };
}

/** Elapsed time as mm:ss (minutes keep counting past 59: a support video is never an hour long). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The spoken form of the elapsed time, for the timer's accessible text. */
export function describeElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const s = `${seconds} second${seconds === 1 ? '' : 's'}`;
  return minutes > 0 ? `${minutes} minute${minutes === 1 ? '' : 's'} ${s}` : s;
}

/** Name of the saved file: names the request and the moment, safe on every file system. */
export function videoFileName(requestId: number, at: Date, ext: VideoExt): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[:]/g, '-');
  return `support-request-${requestId}-${stamp}.${ext}`;
}

/** 1536000 -> '1.5 MB': shown beside the preview so the user knows what will be uploaded. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
