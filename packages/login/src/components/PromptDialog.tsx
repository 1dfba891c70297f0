import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Dialog, Spinner, TextField } from '@atrium/ui';
import { LOOKING_UP_MESSAGE, PROMPT_COPY, createPromptMachine } from '../core/prompt-machine';
import type { PromptKind } from '../core/prompt-machine';
import type { LoginApi } from '../deps';
import { useStore } from '@atrium/store/react';
import { useLaterStepsStyles } from './later-steps-styles';

export interface PromptDialogProps {
  api: Pick<LoginApi, 'forgotUsername' | 'forgotPassword'>;
  kind: PromptKind;
  /** What the field starts with (the username typed so far, for Forgot Password). */
  value: string;
  onClose: () => void;
}

/**
 * Forgot Username, New User and Forgot Password: one value, a wait, then the catalogue's result. Mounted
 * for one prompt, it owns that prompt's machine (part of this lazy chunk, like the dialog itself).
 */
export function PromptDialog({ api, kind, value, onClose }: PromptDialogProps) {
  useLaterStepsStyles();
  const [prompt] = useState(() => {
    const machine = createPromptMachine({ api });
    machine.open(kind, value);
    return machine;
  });
  const state = useStore(prompt.store);
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);

  // The form's input is gone once the result shows: move focus to the result's first action.
  useEffect(() => {
    if (state.phase === 'result') actionRef.current?.focus();
    else if (state.phase === 'form') inputRef.current?.focus();
  }, [state.phase]);

  if (state.kind === null) return null;
  const copy = PROMPT_COPY[state.kind];
  const close = () => {
    // Abandons a request still under way: a late answer must not show anything.
    prompt.close();
    onClose();
  };

  if (state.phase === 'result' && state.result) {
    const { result } = state;
    return (
      <Dialog
        title={result.title}
        onClose={close}
        // The same ref in every phase keeps one focus trap for the prompt's whole life, so focus goes
        // back to the link that opened it when it closes.
        initialFocus={inputRef}
        actions={
          result.ok ? (
            <Button key="ok" ref={actionRef} variant="primary" onClick={close}>
              OK
            </Button>
          ) : (
            <>
              <Button key="retry" ref={actionRef} variant="primary" onClick={() => prompt.retry()}>
                Try Again
              </Button>
              <Button key="close" onClick={close}>
                Close
              </Button>
            </>
          )
        }
      >
        <p role={result.ok ? 'status' : 'alert'} className="atr-login__prompt-message">
          {result.message}
        </p>
      </Dialog>
    );
  }

  const loading = state.phase === 'loading';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void prompt.submit();
  };
  return (
    <Dialog
      title={copy.heading}
      onClose={close}
      initialFocus={inputRef}
      actions={
        <>
          {/* Keys differ from the result's buttons: a reused <button> turning into type=submit during
              the click that changed the phase would submit the form again. */}
          <Button key="submit" type="submit" form={formId} variant="primary" disabled={loading}>
            Submit
          </Button>
          <Button key="cancel" onClick={close}>
            Cancel
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <p className="atr-login__prompt-description">{copy.description}</p>
        <TextField
          ref={inputRef}
          label={copy.label}
          name={copy.field}
          type={copy.field === 'email' ? 'email' : 'text'}
          autoComplete={copy.field === 'email' ? 'email' : 'username'}
          autoCapitalize="none"
          spellCheck={false}
          value={state.value}
          readOnly={loading}
          onChange={(event) => prompt.setValue(event.target.value)}
        />
        {loading ? <Spinner label={LOOKING_UP_MESSAGE} /> : null}
      </form>
    </Dialog>
  );
}
