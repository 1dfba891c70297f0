import { describe, expect, it } from 'vitest';
import { APP_CATALOGUE } from '@atrium/api';
import { navSections } from './nav-items';
import { FIRST_SCREEN_IMAGES, FIRST_SCREEN_TEXT } from './first-screen';
import { ATRIUM_LOGO } from './logo-source';

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

  it("holds the top bar's logo and each app's", () => {
    expect(FIRST_SCREEN_IMAGES).toEqual([ATRIUM_LOGO, ...APP_CATALOGUE.map((app) => app.logo)]);
  });
});
