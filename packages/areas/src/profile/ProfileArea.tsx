import { displayName, useSession } from '@atrium/session';
import type { SessionState } from '@atrium/session';
import { Spinner, useStyles } from '@atrium/ui';
import { AreaLayout, AreaSection } from '../kit/AreaLayout';
import { ProfileDetails } from './ProfileDetails';
import { ProfileNotes } from './ProfileNotes';
import profileCss from './profile.css';

const selectSis = (state: SessionState) => state.sis;

/** profile: the signed-in user's own details from the session, and a private notes pad. */
export function ProfileArea() {
  useStyles(profileCss);
  const sis = useSession(selectSis);
  if (!sis) {
    return (
      <AreaLayout title="Your profile">
        <Spinner label="Loading your details..." />
      </AreaLayout>
    );
  }
  return (
    <AreaLayout
      title="Your profile"
      lead={`The details your organization holds for ${displayName(sis.user)}. To change them, contact your university/organization's support contact.`}
    >
      <AreaSection title="Your details">
        <ProfileDetails sis={sis} />
      </AreaSection>
      <AreaSection title="Your notes">
        <ProfileNotes key={sis.user.user_id} userId={sis.user.user_id} />
      </AreaSection>
    </AreaLayout>
  );
}
