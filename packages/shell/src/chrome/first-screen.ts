import { APP_CATALOGUE } from '@atrium/api';
import { ROUTES } from '../routes/route-table';
import { ATRIUM_LOGO } from './logo-source';
import { NAV_GROUPS } from './nav-items';
import type { TypeSample } from './warm-typefaces';

export { FONT_STACK } from './warm-typefaces';

/**
 * Every weight and size of text on the shell's first screen after a sign-in (the chrome and the home
 * area), at the widths the suite is used at: what the login page looks up ahead (warmTypefaces).
 * tests/e2e/first-paint.spec.ts signs in and fails if home shows text in a font missing here.
 */
export const FIRST_SCREEN_TYPE: readonly TypeSample[] = [
  { weight: 400, size: '1rem' },
  { weight: 600, size: '1rem' },
  { weight: 700, size: '1rem' },
  { weight: 400, size: '0.85rem' },
  { weight: 400, size: '0.95rem' },
  { weight: 600, size: '0.95rem' },
  { weight: 700, size: '0.8rem' },
  { weight: 700, size: '1.1rem' },
  { weight: 700, size: '1.15rem' },
  { weight: 400, size: '1.125rem' },
  { weight: 600, size: '1.125rem' },
  { weight: 700, size: '1.75rem' },
];

/**
 * The words of that screen, for the hidden lines: the top bar's name, the side navigation's headings and
 * labels, the launcher's apps and the home area's own lines (@atrium/area-home's HomeArea: a separate
 * module, so its two lines are repeated here; a word missing here is only shaped in the first frame, as
 * before).
 */
export const FIRST_SCREEN_TEXT = [
  'Atrium Welcome, Choose an app to open.',
  ...NAV_GROUPS.map((group) => group.label),
  ...ROUTES.filter((route) => route.nav !== undefined).map((route) => route.title),
  ...APP_CATALOGUE.flatMap((app) => [app.name, app.description]),
].join(' ');

/** The images of that screen: the top bar's logo and the launcher's app logos. */
export const FIRST_SCREEN_IMAGES: readonly string[] = [ATRIUM_LOGO, ...APP_CATALOGUE.map((app) => app.logo)];
