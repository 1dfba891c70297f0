/**
 * The school switch, framework-free: swap on the server, then leave the page for the school's home.
 * The abbreviation is data from the roster, not a path we trust: only a plain slug becomes a path
 * (`schoolHomePath`), and anything else (`../x`, `//evil.example`, a URL) keeps the browser on this site.
 */
import { schoolHomePath } from '@atrium/api';
import type { ApiClient, School, Sis } from '@atrium/api';

export interface SchoolDestination {
  /** Absolute same-origin URL to go to. */
  url: string;
  /** True when the abbreviation was refused and the origin is used instead. */
  refused: boolean;
}

/** SPEC section 7: production goes to the abbreviation-based path, every other environment to the origin. */
export function schoolDestination(
  school: Pick<School, 'abbreviation'>,
  environment: Sis['environment'],
  origin: string,
): SchoolDestination {
  const home = new URL('/', origin).href;
  if (environment !== 'production') return { url: home, refused: false };
  const path = schoolHomePath(school.abbreviation);
  return path === null ? { url: home, refused: true } : { url: new URL(path, origin).href, refused: false };
}

export interface SwapSchoolDeps {
  api: Pick<ApiClient, 'swapCompany'>;
  environment: Sis['environment'];
  origin: string;
  /** Leaves the page (location.assign in the browser). Not called when the abbreviation was refused. */
  navigate: (url: string) => void;
  /** Tells other tabs their data belongs to the old school (session.changeSchool). */
  announce?: () => void;
}

/**
 * `swapCompany` calls swap_company.php with `no_redirect` and clears the client's stateful headers; then
 * the browser goes to the school's home. A refused abbreviation is returned to the caller, who explains
 * it to the user before going to the origin.
 */
export async function swapSchool(school: School, deps: SwapSchoolDeps): Promise<SchoolDestination> {
  await deps.api.swapCompany({ current_company_id: school.company_id, sis_school_id: school.sis_school_id });
  deps.announce?.();
  const destination = schoolDestination(school, deps.environment, deps.origin);
  if (!destination.refused) deps.navigate(destination.url);
  return destination;
}

/** Case-insensitive match on the abbreviation and on `name_with_ids` (which carries the ids). */
export function filterSchools(schools: readonly School[], query: string): School[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...schools];
  return schools.filter(
    (school) =>
      school.abbreviation.toLowerCase().includes(needle) ||
      school.name_with_ids.toLowerCase().includes(needle),
  );
}
