import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { Alert, Button } from '@atrium/ui';
import type { FlowState, RecordVideoFlow, SavedRecording } from './flow';
import { describeElapsed, formatBytes, formatElapsed } from './format';
import { PANEL_TITLE, recorderProblemMessage, uploadFailedMessage } from './messages';

export interface RecordingPanelProps {
  flow: RecordVideoFlow;
  state: FlowState;
  panelRef: RefObject<HTMLElement | null>;
}

type View = 'ready' | 'recording' | 'preview' | 'uploading' | 'uploaded' | 'upload-failed';

function viewOf(state: FlowState): View {
  if (state.recording) {
    switch (state.upload.status) {
      case 'uploading':
        return 'uploading';
      case 'done':
        return 'uploaded';
      case 'failed':
        return 'upload-failed';
      default:
        return 'preview';
    }
  }
  const status = state.recorder.status;
  return status === 'recording' || status === 'stopping' ? 'recording' : 'ready';
}

/**
 * Move focus to the main control of each new view, so a keyboard user is never left on a button that just
 * disappeared. Only when focus is in the panel (or lost to <body>), or right after the request was chosen:
 * while the user is reproducing the problem elsewhere on the page, the panel must not steal focus.
 */
function useFocusOnView(
  view: View,
  panel: RefObject<HTMLElement | null>,
  target: RefObject<HTMLElement | null>,
) {
  const first = useRef(true);
  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    // After the selector dialog closes, focus-trap hands focus back to its opener on a 0 ms timer: go after it.
    const id = window.setTimeout(() => {
      const active = document.activeElement;
      const lost = active === null || active === document.body;
      if (isFirst || lost || (panel.current?.contains(active) ?? false)) target.current?.focus();
    }, 0);
    return () => window.clearTimeout(id);
  }, [view, panel, target]);
}

function SaveLocallyLink({ recording }: { recording: SavedRecording }) {
  return (
    <a className="atr-btn atr-btn--secondary" href={recording.url} download={recording.fileName}>
      Save locally
    </a>
  );
}

/**
 * The recording panel: not modal, because the user has to use the page to reproduce the problem while
 * recording. It is rendered into document.body by the button, like the kit's dialogs.
 */
export function RecordingPanel({ flow, state, panelRef }: RecordingPanelProps) {
  const headingId = useId();
  const progressId = useId();
  const focusTarget = useRef<HTMLButtonElement>(null);
  const view = viewOf(state);
  useFocusOnView(view, panelRef, focusTarget);
  const { request, recorder, recording, upload } = state;
  // A manual popover: in the top layer, above the toolbar it was opened from and any z-index of the page.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (panel && typeof panel.showPopover === 'function' && !panel.matches(':popover-open'))
      panel.showPopover();
  });
  if (!request) return null;

  return (
    <section
      ref={panelRef}
      popover="manual"
      className="atr-rv-panel"
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <h2 id={headingId} className="atr-rv-panel__title">
        {PANEL_TITLE}
      </h2>
      <p className="atr-rv-panel__request">
        For request: <strong>{request.display}</strong>
      </p>

      {view === 'ready' ? (
        <>
          {recorder.status === 'error' ? (
            <Alert tone="error" live="assertive" title="Recording did not start">
              {recorderProblemMessage(recorder.problem)}
            </Alert>
          ) : (
            <p className="atr-rv-panel__hint">
              Record this tab while you reproduce the problem, then stop the recording.
            </p>
          )}
          <div className="atr-rv-panel__actions">
            <Button
              ref={focusTarget}
              variant="primary"
              aria-disabled={recorder.status === 'requesting'}
              onClick={() => {
                if (recorder.status !== 'requesting') void flow.startRecording();
              }}
            >
              Start recording
            </Button>
            <Button onClick={flow.close}>Cancel</Button>
          </div>
        </>
      ) : null}

      {view === 'recording' ? (
        <>
          <div className="atr-rv-indicator">
            <span className="atr-rv-indicator__dot" aria-hidden="true" />
            <span role="status">
              {recorder.status === 'stopping' ? 'Finishing the recording' : 'Recording'}
            </span>
            <span
              role="timer"
              className="atr-rv-indicator__time"
              aria-label={`Elapsed time ${describeElapsed(
                recorder.status === 'recording' || recorder.status === 'stopping' ? recorder.elapsedMs : 0,
              )}`}
            >
              {formatElapsed(
                recorder.status === 'recording' || recorder.status === 'stopping' ? recorder.elapsedMs : 0,
              )}
            </span>
          </div>
          <div className="atr-rv-panel__actions">
            <Button ref={focusTarget} variant="danger" onClick={flow.stopRecording}>
              Stop recording
            </Button>
          </div>
        </>
      ) : null}

      {recording ? (
        <>
          <video
            className="atr-rv-preview"
            src={recording.url}
            controls
            preload="metadata"
            aria-label="Preview of the recorded video"
          />
          <p className="atr-rv-panel__meta">
            {formatElapsed(recording.durationMs)} · {formatBytes(recording.size)} · {recording.mimetype}
          </p>
        </>
      ) : null}

      {view === 'uploading' && upload.status === 'uploading' && recording ? (
        <>
          <label htmlFor={progressId} className="atr-rv-progress__label">
            {upload.stage === 'attach' ? 'Attaching the video to the request' : 'Uploading the video'}
          </label>
          <progress
            id={progressId}
            className="atr-rv-progress"
            max={Math.max(1, upload.total)}
            value={upload.loaded}
            aria-valuetext={`${Math.round((upload.loaded / Math.max(1, upload.total)) * 100)}%`}
          />
          <p className="atr-rv-panel__meta" aria-hidden="true">
            {Math.round((upload.loaded / Math.max(1, upload.total)) * 100)}%
          </p>
          <div className="atr-rv-panel__actions">
            <Button ref={focusTarget} onClick={flow.cancelUpload}>
              Cancel upload
            </Button>
            <SaveLocallyLink recording={recording} />
          </div>
        </>
      ) : null}

      {view === 'preview' && recording ? (
        <div className="atr-rv-panel__actions">
          <Button ref={focusTarget} variant="primary" onClick={() => void flow.upload()}>
            Upload
          </Button>
          <SaveLocallyLink recording={recording} />
          <Button onClick={flow.recordAgain}>Record again</Button>
          <Button variant="danger" onClick={flow.close}>
            Discard
          </Button>
        </div>
      ) : null}

      {view === 'uploaded' && recording ? (
        <>
          <Alert tone="success" live="polite" title="Video uploaded">
            The video was attached to {request.display}.
          </Alert>
          <div className="atr-rv-panel__actions">
            <SaveLocallyLink recording={recording} />
            <Button onClick={flow.recordAgain}>Record again</Button>
            <Button ref={focusTarget} variant="primary" onClick={flow.close}>
              Close
            </Button>
          </div>
        </>
      ) : null}

      {view === 'upload-failed' && upload.status === 'failed' && recording ? (
        <>
          <Alert tone="error" live="assertive" title="Upload failed">
            {uploadFailedMessage(upload.stage, upload.error)}
          </Alert>
          <div className="atr-rv-panel__actions">
            <Button ref={focusTarget} variant="primary" onClick={() => void flow.retryUpload()}>
              Retry upload
            </Button>
            <SaveLocallyLink recording={recording} />
            <Button variant="danger" onClick={flow.close}>
              Discard
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
