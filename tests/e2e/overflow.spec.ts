/**
 * No page of the suite scrolls sideways, from a 320px phone to a 1440px desktop: every route of the shell's
 * route table, the sign-in page and the legacy demo pages, measured with scrollWidth at three widths.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ROUTES, routeHref } from '@atrium/shell/routes';
import { signInToHome } from './security-helpers';

const WIDTHS = [320, 768, 1440] as const;

/** Each route once, as a user would open it: ext/** with a legacy page in it. */
const SHELL_PATHS = ROUTES.filter((route) => route.redirectTo === undefined).map((route) =>
  route.path === 'ext/**' ? '/ext/legacy/lms/' : routeHref(route),
);
const LEGACY_PATHS = ['/legacy/', '/legacy/evaluations/form.php?id=12', '/legacy/lms/', '/umed/'];

/** The page's overflow at each width, with the elements that stick out, for a message that says where. */
async function overflowAt(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const found = await page.evaluate(() => {
      const root = document.documentElement;
      if (root.scrollWidth <= root.clientWidth) return null;
      const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5)
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
      return `${root.scrollWidth} > ${root.clientWidth} (${culprits.join(', ')})`;
    });
    if (found !== null) problems.push(`${width}px: ${found}`);
  }
  return problems;
}

test('no route scrolls sideways at 320, 768 or 1440 px', async ({ page }) => {
  test.setTimeout(600_000);
  await signInToHome(page, 'root');
  const problems: string[] = [];
  for (const path of [...SHELL_PATHS, ...LEGACY_PATHS]) {
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    for (const problem of await overflowAt(page)) problems.push(`${path} at ${problem}`);
  }
  const anonymous = await page.context().browser()!.newPage();
  await anonymous.goto(new URL('/common/login', page.url()).href);
  await expect(anonymous.getByRole('textbox', { name: 'Username' })).toBeVisible();
  for (const problem of await overflowAt(anonymous)) problems.push(`/common/login at ${problem}`);
  await anonymous.close();
  expect(problems).toEqual([]);
});
