import { HELP_PATH, HOME_PATH, PROFILE_PATH } from '@atrium/api';
import { displayName, useSession } from '@atrium/session';
import type { SessionState } from '@atrium/session';
import { Alert } from '@atrium/ui';
import { AreaLayout, AreaSection } from '../kit/AreaLayout';
import { AreaLink } from '../kit/AreaLink';

const selectSis = (state: SessionState) => state.sis;

/** The legacy home, where restricted users do what their access allows. */
const LEGACY_HOME = '/legacy/';

/**
 * The start page (SPEC: the build's start page is 'start'): a welcome, the current term and the next
 * steps. Restricted users are forced here, so for them it says why and where to go instead.
 */
export function StartArea() {
  const sis = useSession(selectSis);
  const name = displayName(sis?.user);
  const restricted = sis?.access_restricted ?? false;
  const term = sis?.current_term_name ?? null;
  return (
    <AreaLayout
      title={name ? `Welcome to Atrium, ${name}` : 'Welcome to Atrium'}
      lead="Your starting point for the suite's apps."
    >
      <p>{term ? `Current term: ${term}` : 'No current term is set for your organization.'}</p>
      {restricted ? (
        <Alert tone="warning" title="Your access is limited" live="off">
          Your account can only use part of the suite for now. Continue on the{' '}
          <a className="atr-link" href={LEGACY_HOME}>
            legacy home page
          </a>
          , or contact your university/organization's support contact if you need more.
        </Alert>
      ) : (
        <AreaSection title="Next steps">
          <ul>
            <li>
              <AreaLink href={HOME_PATH}>Open your apps</AreaLink>: every app of the suite you can use.
            </li>
            <li>
              <AreaLink href={PROFILE_PATH}>Check your profile</AreaLink>: your name, organization and term.
            </li>
            <li>
              <AreaLink href={HELP_PATH}>Read the help</AreaLink>: signing in, switching organization and the
              legacy screens.
            </li>
          </ul>
        </AreaSection>
      )}
    </AreaLayout>
  );
}
