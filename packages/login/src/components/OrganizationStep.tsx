import { useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@atrium/ui';
import type { LoginMachine, LoginState } from '../core/login-machine';
import { FormError } from './FormError';
import { useLaterStepsStyles } from './later-steps-styles';

export const ORGANIZATION_PROMPT = 'Welcome back! Choose an organization to continue:';

/** A native radio group: arrow keys, names and the checked state come from the platform. */
export function OrganizationStep({ state, machine }: { state: LoginState; machine: LoginMachine }) {
  useLaterStepsStyles();
  const firstRef = useRef<HTMLInputElement>(null);
  const checkedRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (checkedRef.current ?? firstRef.current)?.focus();
  }, [state.focusSeq]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    machine.submitOrganization();
  };

  return (
    <form className="atr-login__form" onSubmit={onSubmit} noValidate>
      <fieldset className="atr-login__orgs">
        <legend className="atr-login__legend">{ORGANIZATION_PROMPT}</legend>
        {state.companies.map((company, i) => {
          const checked = state.companyId === company.company_id;
          return (
            <label key={company.company_id} className="atr-login__org">
              <input
                ref={checked ? checkedRef : i === 0 ? firstRef : undefined}
                type="radio"
                name="company_id"
                value={company.company_id}
                checked={checked}
                onChange={() => machine.chooseOrganization(company.company_id)}
              />
              <span>{company.name}</span>
            </label>
          );
        })}
      </fieldset>
      <FormError message={state.error} />
      <div className="atr-login__actions">
        <Button type="submit" variant="primary" disabled={state.companyId === null}>
          Continue
        </Button>
        <Button onClick={() => machine.back()}>Back</Button>
      </div>
    </form>
  );
}
