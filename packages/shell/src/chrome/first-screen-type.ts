import type { TypeSample } from './warm-typefaces';

export { FONT_STACK } from './warm-typefaces';

/**
 * Every weight and size of text on the shell's first screen after a sign-in (the chrome and the home
 * area), at the widths the suite is used at: what the login page looks up ahead (warmTypefaces, issue 17).
 * tests/e2e/first-screen-type.spec.ts signs in and fails if home shows text in a font missing here.
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
