import { useEffect, useRef } from 'react';
import { Button, Spinner } from '@atrium/ui';
import type { ExternalStatus, LoginMachine, LoginState } from '../core/login-machine';
import { useLaterStepsStyles } from './later-steps-styles';

/** What the page says at each point of the external sign-in (SPEC section 2: follow the popup, then Sign In). */
export const EXTERNAL_MESSAGES: Record<ExternalStatus, string> = {
  idle: 'Opening the sign-in popup...',
  waiting: 'Follow the instructions in the external popup to authenticate, then click Sign In.',
  ready: 'You are authenticated. Click Sign In to continue.',
  blocked:
    'Your browser blocked the sign-in popup. Allow pop-ups for this site, then choose Open Sign-In Popup.',
  closed: 'The sign-in popup was closed before you finished. Choose Open Sign-In Popup to try again.',
  'foreign-origin':
    'A message from another website was ignored. Only the sign-in popup can complete your sign-in: follow its instructions, then click Sign In.',
};

export function ExternalPanel({ state, machine }: { state: LoginState; machine: LoginMachine }) {
  useLaterStepsStyles();
  const signInRef = useRef<HTMLButtonElement>(null);
  const canReopen = state.external !== 'waiting' && state.external !== 'ready' && state.busy === null;
  const problem =
    state.external === 'blocked' || state.external === 'closed' || state.external === 'foreign-origin';

  // The input is disabled, so the first thing to act on is Sign In.
  useEffect(() => {
    signInRef.current?.focus();
  }, [state.focusSeq]);

  return (
    <div className="atr-login__external">
      <p
        role="status"
        className={problem ? 'atr-login__notice atr-login__notice--warning' : 'atr-login__notice'}
      >
        {state.busy === 'external-start' ? EXTERNAL_MESSAGES.idle : EXTERNAL_MESSAGES[state.external]}
      </p>
      <div className="atr-login__actions">
        <Button ref={signInRef} type="submit" variant="primary" disabled={state.busy !== null}>
          Sign In
        </Button>
        <Button onClick={() => machine.back()}>Back</Button>
        {canReopen ? <Button onClick={() => void machine.openExternal()}>Open Sign-In Popup</Button> : null}
      </div>
      {state.busy === 'sign-in' ? <Spinner label="Signing in..." /> : null}
    </div>
  );
}
