import { Suspense, useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { USERNAME_MAX_LENGTH } from '@atrium/api';
import { Button, Spinner, TextField } from '@atrium/ui';
import type { LoginMachine, LoginState } from '../core/login-machine';
import type { PromptKind } from '../core/prompt-machine';
import { isValidUsername } from '../core/validation';
import { ExternalPanel } from './later-steps';
import { FormError } from './FormError';

export interface UsernameStepProps {
  state: LoginState;
  machine: LoginMachine;
  /** False in lockdown and until the settings say otherwise. */
  showHelpLinks: boolean;
  onPrompt: (kind: PromptKind) => void;
  /** The user started to act (typed, or reached for a link): time to fetch what comes next. */
  onIntent?: () => void;
}

/** Named in bench/lib/login-page.ts: when the username field first accepts typing. */
export const LOGIN_READY_MARK = 'atrium:login-ready';
let readyMarked = false;

function markLoginReady(): void {
  if (readyMarked) return;
  readyMarked = true;
  // Once per page: later remounts (back from the password step) are not the page becoming ready.
  globalThis.performance?.mark?.(LOGIN_READY_MARK);
}

export function UsernameStep({ state, machine, showHelpLinks, onPrompt, onIntent }: UsernameStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const external = state.step === 'external';
  const valid = isValidUsername(state.username);
  const tooLong = state.username.trim().length > USERNAME_MAX_LENGTH;

  // Hydrated over the prerendered form (lifecycles.tsx): what was typed before React took over is in the
  // field but not in the state, and the next render would set the field back to the state. Taken over in
  // the hydration's first effects (React runs pending effects before it renders again): after the commit,
  // so keys typed while it was under way, held back from React (hold-events.ts), are in the field too;
  // the hold ends right after. A no-op on any later mount.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== machine.store.getState().username) machine.setUsername(typed);
  }, [machine]);

  useEffect(() => {
    const input = inputRef.current;
    if (external || !input) return;
    input.focus();
    // After the commit, with React's handlers live: a keystroke now lands (the bench reads this mark).
    if (!input.disabled) markLoginReady();
  }, [state.focusSeq, external]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (external) void machine.submitExternal();
    else void machine.submitUsername();
  };

  return (
    <form className="atr-login__form" onSubmit={onSubmit} noValidate>
      <TextField
        ref={inputRef}
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={state.username}
        disabled={external}
        onChange={(event) => {
          onIntent?.();
          machine.setUsername(event.target.value);
        }}
        {...(tooLong ? { error: `A username has at most ${USERNAME_MAX_LENGTH} characters.` } : {})}
      />
      <FormError message={state.error} />
      {external ? (
        <Suspense fallback={<Spinner label="Loading..." />}>
          <ExternalPanel state={state} machine={machine} />
        </Suspense>
      ) : (
        <>
          <div className="atr-login__actions">
            <Button type="submit" variant="primary" disabled={!valid || state.busy !== null}>
              Next
            </Button>
          </div>
          {state.busy === 'lookup' ? <Spinner label="Checking your username..." /> : null}
          {/* Always laid out, hidden until the settings allow them (never in lockdown): links arriving
              with the settings grew the card, which is centred, and moved Next by 24px about when a quick
              person clicks it (a click lost at 4x CPU in the bench). Hidden, they are not focusable and
              not in the accessibility tree. */}
          <ul className={showHelpLinks ? 'atr-login__links' : 'atr-login__links atr-login__links--pending'}>
            <li>
              <Button
                variant="link"
                onPointerEnter={onIntent}
                onFocus={onIntent}
                onClick={() => onPrompt('forgot-username')}
              >
                Forgot Username?
              </Button>
            </li>
            <li>
              <Button
                variant="link"
                onPointerEnter={onIntent}
                onFocus={onIntent}
                onClick={() => onPrompt('new-user')}
              >
                New User?
              </Button>
            </li>
          </ul>
        </>
      )}
    </form>
  );
}
