import { useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { Button, Spinner, TextField } from '@atrium/ui';
import type { LoginMachine, LoginState } from '../core/login-machine';
import { isValidPassword } from '../core/validation';
import { FormError } from './FormError';
import { useLaterStepsStyles } from './later-steps-styles';

export interface PasswordStepProps {
  state: LoginState;
  machine: LoginMachine;
  showHelpLinks: boolean;
  onForgotPassword: () => void;
}

export function PasswordStep({ state, machine, showHelpLinks, onForgotPassword }: PasswordStepProps) {
  useLaterStepsStyles();
  const passwordRef = useRef<HTMLInputElement>(null);
  const organization = state.companies.find((c) => c.company_id === state.companyId);

  // The username is read-only, so the first field to fill is the password (also after a wrong one).
  useEffect(() => {
    passwordRef.current?.focus();
  }, [state.focusSeq]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void machine.submitPassword();
  };

  return (
    <form className="atr-login__form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={state.username}
        readOnly
        {...(organization ? { hint: `Organization: ${organization.name}` } : {})}
      />
      <TextField
        ref={passwordRef}
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={state.password}
        onChange={(event) => machine.setPassword(event.target.value)}
      />
      <FormError message={state.error} />
      <div className="atr-login__actions">
        <Button
          type="submit"
          variant="primary"
          disabled={!isValidPassword(state.password) || state.busy !== null}
        >
          Sign In
        </Button>
        <Button onClick={() => machine.back()} disabled={state.busy !== null}>
          Back
        </Button>
      </div>
      {state.busy === 'sign-in' ? <Spinner label="Signing in..." /> : null}
      {showHelpLinks ? (
        <ul className="atr-login__links">
          <li>
            <Button variant="link" onClick={onForgotPassword}>
              Forgot Password?
            </Button>
          </li>
        </ul>
      ) : null}
    </form>
  );
}
