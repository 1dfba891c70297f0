/**
 * The words of the record-video flow. SPEC section 8 texts are exact copy; the rest is Atrium's own and
 * always says what happened and what the user can do next.
 */
import { isApiError, UNKNOWN_ERROR_MESSAGE } from '@atrium/api';
import type { RecorderProblem } from './screen-recorder';
import type { UploadStage } from './upload-controller';

export const DRAFT_TITLE = 'Request draft has document';
export const DRAFT_MESSAGE =
  'The client request you selected already has a document in its draft. If you proceed you can choose to overwrite it by choosing upload or you can save the video locally';

export const SELECTOR_TITLE = 'Choose a support request';
export const PANEL_TITLE = 'Support video';

export function recorderProblemMessage(problem: RecorderProblem): string {
  switch (problem) {
    case 'denied':
      return 'Permission to record the screen was denied. Choose Start recording again and allow sharing when the browser asks.';
    case 'unsupported':
      return 'This browser cannot record the screen. Use a current version of Chrome, Edge or Firefox.';
    case 'no-source':
      return 'There was nothing to record: no screen, window or tab was available.';
    case 'empty':
      return 'The recording is empty: nothing was captured. Try recording again.';
    case 'failed':
      return 'The recording stopped because of an error. Try recording again.';
  }
}

/** Words for why a call failed: the ApiError message is already fit for a person (errors.ts). */
export function reasonOf(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'network') return 'The connection to the server was lost.';
    if (error.code === 'timeout') return 'The server took too long to answer.';
    return error.message;
  }
  return UNKNOWN_ERROR_MESSAGE;
}

const STAGE_WORDS: Record<UploadStage, string> = {
  address: 'while preparing the upload',
  transfer: 'while sending the video',
  attach: 'while attaching the video to the request',
};

export function uploadFailedMessage(stage: UploadStage, error: unknown): string {
  return `The upload failed ${STAGE_WORDS[stage]}. ${reasonOf(error)} Your recording is still here: retry the upload or save it locally.`;
}

export function loadFailedMessage(error: unknown): string {
  return `The recent support requests could not be loaded. ${reasonOf(error)}`;
}
