import { describe, expect, it } from 'vitest';
import { APP_CATALOGUE } from '@atrium/api';
import { navSections } from './nav-items';
import { FIRST_SCREEN_TEXT } from './first-screen';

// The images are checked where they matter: tests/e2e/first-paint.spec.ts signs in and fails if home shows
// an image the login page did not fetch before Sign In.
describe('the first screen looked up ahead', () => {
  it("holds the launcher's apps and every navigation label a signed-in user can see", () => {
    for (const app of APP_CATALOGUE) {
      expect(FIRST_SCREEN_TEXT).toContain(app.name);
      expect(FIRST_SCREEN_TEXT).toContain(app.description);
    }
    const root = {
      status: 'started' as const,
      sis: { access_restricted: false, user: { is_root: true }, is_hq: true } as never,
    };
    for (const section of navSections(root)) {
      expect(FIRST_SCREEN_TEXT).toContain(section.label);
      for (const item of section.items) expect(FIRST_SCREEN_TEXT).toContain(item.route.title);
    }
  });
});
