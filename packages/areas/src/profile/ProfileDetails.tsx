import type { Sis } from '@atrium/api';

function rolesOf(sis: Sis): string {
  const roles = [sis.user.is_root ? 'Root user' : null, sis.is_hq ? 'Headquarters user' : null].filter(
    (role): role is string => role !== null,
  );
  return roles.length > 0 ? roles.join(', ') : 'Standard user';
}

const orNone = (value: string | number | null) => (value === null || value === '' ? 'None' : String(value));

/** The session user's details, read-only: they come from the organization's records. */
export function ProfileDetails({ sis }: { sis: Sis }) {
  const { user } = sis;
  const rows: readonly [string, string][] = [
    ['Full name', [user.first_name, user.last_name].filter(Boolean).join(' ')],
    ['Preferred name', orNone(user.preferred_name)],
    ['Username', user.username],
    ['Organization ID', orNone(sis.company_id)],
    ['School ID', orNone(sis.sis_school_id)],
    ['Current term', orNone(sis.current_term_name)],
    ['Roles', rolesOf(sis)],
  ];
  return (
    <dl className="profile-details">
      {rows.map(([term, value]) => (
        <div key={term} className="profile-details__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
