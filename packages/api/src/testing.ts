/**
 * Demo session values for tests in every package (`@atrium/api/testing`): one place that knows the shape of
 * an initialize answer, so a schema change is made once. Not part of the runtime barrel.
 */
import type { InitializeResponse, Sis } from './schemas';

export function demoSis(overrides: Partial<Sis> = {}, user: Partial<Sis['user']> = {}): Sis {
  return {
    user: {
      user_id: 7,
      username: 'student',
      is_root: false,
      first_name: 'Sam',
      last_name: 'Student',
      preferred_name: null,
      ...user,
    },
    sis_school_id: 11,
    company_id: 3,
    telescope_enabled: false,
    is_hq: false,
    current_term_name: 'Fall 2025',
    access_restricted: false,
    acting_as: null,
    environment: 'production',
    min_build_stamp: null,
    ...overrides,
  };
}

export function demoInitializeResponse(
  overrides: Partial<InitializeResponse> = {},
  sis: Partial<Sis> = {},
): InitializeResponse {
  return {
    sis: demoSis(sis),
    mobile: false,
    lapi_access_token: 'tok-123',
    locale_config: { locale: 'en-US', timezone: 'America/Chicago' },
    legacy_redirect: null,
    system_notifications: [],
    ...overrides,
  };
}
