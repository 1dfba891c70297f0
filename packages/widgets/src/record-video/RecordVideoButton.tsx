import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Button, Spinner, usePortalTarget, useStyles } from '@atrium/ui';
import type { FlowDeps } from './flow';
import { DraftConfirmDialog } from './DraftConfirmDialog';
import { RecordingPanel } from './RecordingPanel';
import { RequestSelectorDialog } from './RequestSelectorDialog';
import { hasUnsavedRecording, useRecordVideoFlow } from './use-record-video-flow';
import css from './record-video.css';

export interface RecordVideoButtonProps {
  className?: string;
  /** Replace side effects (API, media, timers) in tests; the browser's are used by default. */
  deps?: Partial<FlowDeps>;
}

/**
 * The developer toolbar's 'Record video' button and everything it opens (SPEC section 2, 'Record-video
 * for support'). Keep it mounted while a recording exists: unmounting stops capture and drops the video.
 */
/**
 * React events bubble through portals along the component tree, so an Escape pressed in our dialogs or
 * panel would also reach the toolbar around the button (which closes on Escape, unmounting the recording).
 * Escape belongs to the innermost thing that handles it: ours stops here.
 */
function keepEscapeInside(event: KeyboardEvent) {
  if (event.key === 'Escape') event.stopPropagation();
}

export function RecordVideoButton({ className, deps }: RecordVideoButtonProps) {
  useStyles(css);
  // Out of the toolbar (which the user may close while recording), but inside its shadow root on legacy
  // pages, where its styles are.
  const portalTarget = usePortalTarget();
  const [flow, state] = useRecordVideoFlow(deps);
  const panelRef = useRef<HTMLElement>(null);
  const loading = state.step === 'loading';
  const unsaved = hasUnsavedRecording(state) || state.recorder.status === 'recording';

  // Nothing is lost by accident: leaving the page with a recording that is not uploaded asks first.
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  return (
    <>
      <Button
        className={className}
        aria-haspopup="dialog"
        // aria-disabled rather than disabled: a disabled button drops keyboard focus to <body>.
        aria-disabled={loading}
        onClick={() => {
          if (state.step === 'session') panelRef.current?.focus();
          else if (!loading) flow.open();
        }}
      >
        Record video
      </Button>
      {loading ? <Spinner label="Loading support requests…" /> : null}
      {/* A layout-free wrapper (display: contents): the dialogs and the panel portal to <body>. */}
      <div className="atr-rv-contents" onKeyDown={keepEscapeInside}>
        {state.step === 'selecting' || state.step === 'load-failed' ? (
          <RequestSelectorDialog
            requests={state.requests}
            loadError={state.step === 'load-failed' ? state.loadError : null}
            onChoose={flow.choose}
            onRetry={flow.open}
            onCancel={flow.cancelSelection}
          />
        ) : null}
        {state.step === 'confirm-draft' ? (
          <DraftConfirmDialog onProceed={flow.confirmDraft} onCancel={flow.cancelDraft} />
        ) : null}
        {state.step === 'session'
          ? createPortal(<RecordingPanel flow={flow} state={state} panelRef={panelRef} />, portalTarget)
          : null}
      </div>
    </>
  );
}
