import { hashPassword } from '../security/password.js';

export const DEMO_PASSWORD = 'atrium-demo';

export type SignInMethod = 'password' | 'external';

/** A demo account (DESIGN.md "Demo data"). */
export interface DemoUser {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  email: string;
  is_root: boolean;
  is_hq: boolean;
  telescope_enabled: boolean;
  access_restricted: boolean;
  /** Legacy page a restricted user must visit first; no longer sent once acknowledged there. */
  legacy_redirect: string | null;
  sign_in: SignInMethod;
  company_ids: readonly number[];
  unread_notifications: number;
  password_hash: string;
}

type UserSeed = Omit<DemoUser, 'password_hash'>;

const USER_SEEDS: readonly UserSeed[] = [
  {
    user_id: 1,
    username: 'student',
    first_name: 'Sam',
    last_name: 'Student',
    preferred_name: null,
    email: 'student@umed.example',
    is_root: false,
    is_hq: false,
    telescope_enabled: false,
    access_restricted: false,
    legacy_redirect: null,
    sign_in: 'password',
    company_ids: [101],
    unread_notifications: 3,
  },
  {
    user_id: 2,
    username: 'faculty',
    first_name: 'Farah',
    last_name: 'Faculty',
    preferred_name: 'Dr. Farah',
    email: 'faculty@umed.example',
    is_root: false,
    is_hq: false,
    telescope_enabled: false,
    access_restricted: false,
    legacy_redirect: null,
    sign_in: 'password',
    company_ids: [101, 102],
    unread_notifications: 1,
  },
  {
    user_id: 3,
    username: 'root',
    first_name: 'Robin',
    last_name: 'Root',
    preferred_name: null,
    email: 'root@atrium.example',
    is_root: true,
    is_hq: false,
    telescope_enabled: true,
    access_restricted: false,
    legacy_redirect: null,
    sign_in: 'password',
    company_ids: [101],
    unread_notifications: 0,
  },
  {
    user_id: 4,
    username: 'hq',
    first_name: 'Harper',
    last_name: 'Quinn',
    preferred_name: null,
    email: 'hq@atrium.example',
    is_root: false,
    is_hq: true,
    telescope_enabled: false,
    access_restricted: false,
    legacy_redirect: null,
    sign_in: 'password',
    company_ids: [101],
    unread_notifications: 5,
  },
  {
    user_id: 5,
    username: 'restricted',
    first_name: 'Riley',
    last_name: 'Restricted',
    preferred_name: null,
    email: 'restricted@umed.example',
    is_root: false,
    is_hq: false,
    telescope_enabled: false,
    access_restricted: true,
    legacy_redirect: '/legacy/acknowledge?return=%2Fstart',
    sign_in: 'password',
    company_ids: [101],
    unread_notifications: 0,
  },
  {
    user_id: 6,
    username: 'sso',
    first_name: 'Sasha',
    last_name: 'Single',
    preferred_name: null,
    email: 'sso@nursing-east.example',
    is_root: false,
    is_hq: false,
    telescope_enabled: false,
    access_restricted: false,
    legacy_redirect: null,
    sign_in: 'external',
    company_ids: [102],
    unread_notifications: 2,
  },
];

// Hashing costs ~50 ms per password; tests create many servers, so each process hashes the seed once.
// Every user still gets their own salt.
let seeded: Promise<readonly DemoUser[]> | null = null;

export function seedUsers(): Promise<readonly DemoUser[]> {
  seeded ??= Promise.all(
    USER_SEEDS.map(async (seed) => ({ ...seed, password_hash: await hashPassword(DEMO_PASSWORD) })),
  );
  return seeded;
}

export function displayName(user: Pick<DemoUser, 'first_name' | 'last_name' | 'preferred_name'>): string {
  return user.preferred_name ?? `${user.first_name} ${user.last_name}`;
}
