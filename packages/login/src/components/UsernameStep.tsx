import { useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { USERNAME_MAX_LENGTH } from '@atrium/api';
import { Button, Spinner, TextField } from '@atrium/ui';
import type { LoginMachine, LoginState } from '../core/login-machine';
import type { PromptKind } from '../core/prompt-machine';
import { isValidUsername } from '../core/validation';
import { ExternalPanel } from './ExternalPanel';
import { FormError } from './FormError';

export interface UsernameStepProps {
  state: LoginState;
  machine: LoginMachine;
  /** False in lockdown and until the settings say otherwise. */
  showHelpLinks: boolean;
  onPrompt: (kind: PromptKind) => void;
}

export function UsernameStep({ state, machine, showHelpLinks, onPrompt }: UsernameStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const external = state.step === 'external';
  const valid = isValidUsername(state.username);
  const tooLong = state.username.trim().length > USERNAME_MAX_LENGTH;

  useEffect(() => {
    if (!external) inputRef.current?.focus();
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
        onChange={(event) => machine.setUsername(event.target.value)}
        {...(tooLong ? { error: `A username has at most ${USERNAME_MAX_LENGTH} characters.` } : {})}
      />
      <FormError message={state.error} />
      {external ? (
        <ExternalPanel state={state} machine={machine} />
      ) : (
        <>
          <div className="atr-login__actions">
            <Button type="submit" variant="primary" disabled={!valid || state.busy !== null}>
              Next
            </Button>
          </div>
          {state.busy === 'lookup' ? <Spinner label="Checking your username..." /> : null}
          {showHelpLinks ? (
            <ul className="atr-login__links">
              <li>
                <Button variant="link" onClick={() => onPrompt('forgot-username')}>
                  Forgot Username?
                </Button>
              </li>
              <li>
                <Button variant="link" onClick={() => onPrompt('new-user')}>
                  New User?
                </Button>
              </li>
            </ul>
          ) : null}
        </>
      )}
    </form>
  );
}
